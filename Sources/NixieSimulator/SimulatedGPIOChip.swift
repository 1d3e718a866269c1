import NixieBoardModel
import NixieCore
import NixieSystem
import NixieTransports

/// A GPIO chip in software, standing where `/dev/gpiochipN` stands for real hardware.
///
/// The program sets output lines through `GPIOLines`, exactly as on libgpiod; the outside
/// world (an encoder script) drives input lines with `drive`. Every change is timestamped
/// and handed to the observers: chip models that decode it, recorders that trace it.
///
/// One multi-line write takes `writeDuration` of modelled time (1 µs by default, the order of a
/// libgpiod write on a Raspberry Pi), so consecutive writes never share a timestamp and a
/// trace shows every clock edge even when the program runs faster than real hardware.
///
/// Like a real gpiochip it may be used from several threads at once — the frame scheduler
/// writing the display lines while an input thread drives the knob's — and keeps one order of
/// events: each write or drive, with its observers' calls, happens whole before the next. An
/// observer runs with the chip held (it may read the chip, not write to it from elsewhere).
public final class SimulatedGPIOChip: GPIOLines, @unchecked Sendable {
  /// The chip's name as the board profile gives it, e.g. `gpiochip0`.
  public let name: String
  /// The line offset of each role the board wires.
  public let offsets: [LineRole: UInt32]
  public let writeDuration: UInt64
  /// The level of every line (set bit = high).
  public var levels: LineSet { locked { currentLevels } }
  /// Multi-line writes the program made, changed or not (what a kernel trace would count).
  public var writeCount: Int { locked { writes } }
  /// Time of the latest change or write.
  public var lastTime: UInt64 { locked { latest } }

  private let clock: MonotonicClock
  private let wired: LineSet
  /// Guards everything below; recursive so an observer may read the chip.
  private let lock = RecursiveLock()
  private var observers: [LineObserver] = []
  private var currentLevels: LineSet
  private var writes = 0
  private var latest: UInt64 = 0

  public init(
    name: String, offsets: [LineRole: UInt32], clock: MonotonicClock, initialLevels: LineSet = [],
    writeDuration: UInt64 = 1_000
  ) {
    self.name = name
    self.offsets = offsets
    self.clock = clock
    self.writeDuration = writeDuration
    self.wired = LineSet(Array(offsets.keys))
    self.currentLevels = initialLevels.intersection(wired)
  }

  public func addObserver(_ observer: LineObserver) { locked { observers.append(observer) } }

  /// The roles this chip has lines for.
  public var roles: [LineRole] { wired.roles }

  public func set(_ lines: LineSet, to levels: LineSet) throws {
    guard lines.isSubset(of: wired) else {
      throw SimulatorError.lineNotWired(chip: name, roles: lines.subtracting(wired).roles)
    }
    locked {
      writes += 1
      let time = max(clock.now(), latest + writeDuration)
      latest = time
      apply(lines, levels: levels, at: time)
    }
  }

  /// The world side: drives `role` (an input such as an encoder contact) to `high` at `time`.
  public func drive(_ role: LineRole, high: Bool, at time: UInt64) {
    guard wired.contains(role) else { return }
    locked {
      latest = max(latest, time)
      apply(.role(role), levels: high ? .role(role) : [], at: time)
    }
  }

  /// Another controller's pins on this chip changing together at `time`: a simulated SPI
  /// controller clocking a chain drives its MOSI, SCLK and CS lines this way.
  public func drive(_ lines: LineSet, to levels: LineSet, at time: UInt64) {
    let wiredLines = lines.intersection(wired)
    guard !wiredLines.isEmpty else { return }
    locked {
      latest = max(latest, time)
      apply(wiredLines, levels: levels, at: time)
    }
  }

  /// Called with the lock held.
  private func apply(_ lines: LineSet, levels newLevels: LineSet, at time: UInt64) {
    let changed = lines.intersection(currentLevels.symmetricDifference(newLevels))
    guard !changed.isEmpty else { return }
    currentLevels = currentLevels.subtracting(changed).union(newLevels.intersection(changed))
    for observer in observers { observer.linesChanged(changed, levels: currentLevels, at: time) }
  }

  private func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}

/// Something the simulator cannot do, reported like a hardware fault.
public enum SimulatorError: Error, Hashable, CustomStringConvertible {
  case lineNotWired(chip: String, roles: [LineRole])
  case noModel(chip: String)

  public var description: String {
    switch self {
    case .lineNotWired(let chip, let roles):
      "the board wires no \(roles.map(\.name).joined(separator: ", ")) line on \(chip)"
    case .noModel(let chip):
      "the simulator has no model of the \(chip) yet"
    }
  }
}
