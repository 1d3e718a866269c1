import NixieBoardModel
import NixieSystem
import NixieTransports

/// The light under a simulated board's tubes as the eye sees it, read back from the wire: the
/// share of each PWM period the red, green and blue lines were lit (NCS314 HW 2.x), or the
/// exixe modules' LED levels. The terminal view and the picture tint the glass with it.
///
/// PWM is measured in windows of at least one period, each closed by the first edge after a
/// period has passed; lines that have not moved for two periods are read as they stand.
public final class SimulatedBacklight: LineObserver, Sendable {
  /// Where the light is read from.
  enum Source {
    case pwm(period: UInt64, activeHigh: Bool)
    case modules(ModuleBoardModel, fullLevel: Int)
  }

  struct Window {
    var levels: LineSet
    var start: UInt64
    var lastChange: UInt64
    var activeTime: [UInt64] = [0, 0, 0]
    var measured = BacklightColor.off
  }

  private nonisolated(unsafe) let source: Source
  private let window: Locked<Window>
  private static let channels: [LineRole] = [.red, .green, .blue]

  /// The backlight of `board` on a chip whose lines start at `levels` (physical), or nil when
  /// the simulator has nothing to read it from.
  init?(board: BoardProfile, levels: LineSet, modules: ModuleBoardModel?) {
    switch board.backlight {
    case .pwmRGB(let wiring):
      let period = 1_000_000_000 / UInt64(max(wiring.frequencyHz, 1))
      source = .pwm(period: period, activeHigh: wiring.activeHigh)
    case .module:
      guard let modules, let spec = board.chip.module else { return nil }
      source = .modules(modules, fullLevel: Int(spec.fullLevel))
    case .addressable, nil:
      return nil
    }
    window = Locked(Window(levels: levels, start: 0, lastChange: 0))
  }

  public func linesChanged(_ changed: LineSet, levels: LineSet, at time: UInt64) {
    guard case .pwm(let period, let activeHigh) = source,
      !changed.intersection(LineSet(Self.channels)).isEmpty
    else { return }
    window.withLock { window in
      Self.accumulate(&window, until: time, activeHigh: activeHigh)
      if time >= window.start + period {
        let span = Double(time - window.start)
        let duty = window.activeTime.map { Double($0) / span }
        window.measured = BacklightColor(red: duty[0], green: duty[1], blue: duty[2])
        window.start = time
        window.activeTime = [0, 0, 0]
      }
      window.levels = levels
      window.lastChange = time
    }
  }

  /// The colour at `time`: the last whole window's duties, or the levels when they stand.
  public func color(at time: UInt64) -> BacklightColor {
    switch source {
    case .modules(let modules, let full):
      let led = modules.led(of: 0).map { Double($0) / Double(max(full, 1)) }
      return led.count == 3 ? BacklightColor(red: led[0], green: led[1], blue: led[2]) : .off
    case .pwm(let period, let activeHigh):
      return window.withLock { window in
        guard time < window.lastChange + 2 * period else {
          let lit = Self.channels.map { window.levels.contains($0) == activeHigh ? 1.0 : 0 }
          return BacklightColor(red: lit[0], green: lit[1], blue: lit[2])
        }
        return window.measured
      }
    }
  }

  private static func accumulate(_ window: inout Window, until time: UInt64, activeHigh: Bool) {
    let since = max(window.start, window.lastChange)
    guard time > since else { return }
    for (index, role) in channels.enumerated() where window.levels.contains(role) == activeHigh {
      window.activeTime[index] += time - since
    }
  }
}
