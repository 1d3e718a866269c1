import NixieCore
import NixieSystem

/// The backlight under the tubes, kept lit by a thread of its own (`nixie-backlight`): software
/// PWM on three GPIO lines (`SoftPWMPacer`, NCS314 HW 2.x), or a colour handed to the chips
/// that drive their own LEDs (exixe, through the frame scheduler). The colour comes from the
/// settings — steady, or a slow walk round the wheel — and the night, as the clock says.
///
/// The thread sleeps until each edge's absolute deadline; with a steady colour at 0 or 100 %
/// on every channel, or on chips that hold their colour, it parks until something changes.
/// `stop()` turns the backlight off and ends the thread.
public final class BacklightRunner: @unchecked Sendable {
  /// Where the colour goes.
  public enum Output {
    /// Lines dimmed by software PWM: red, green and blue on `lines`, `wiring` saying how.
    case lines(GPIOLines, PWMRGBWiring)
    /// A colour for chips that dim their own LEDs.
    case chips(@Sendable (BacklightColor) -> Void)
  }

  /// How often a cycling colour moves on chips that take a colour: 20 times a second.
  public static let colourStep: UInt64 = 50_000_000

  private let output: Output
  private let clock: MonotonicClock
  private let condition = Condition()
  private var settings: BacklightSettings
  private var night = false
  private var nightFactor = 1.0
  private var pacer: SoftPWMPacer
  private var parker: ThreadParker?
  private var thread: SystemThread?
  private var stopping = false
  private var lastColour: BacklightColor?
  /// The thread is parked with nothing due (or about to park): a change wakes it.
  private var idleParked = false
  /// Counts changes, so the thread parks only if nothing changed since it last looked.
  private var generation = 0
  /// The first write that failed, if any: the thread ends there.
  public private(set) var failure: (any Error)?

  public init(settings: BacklightSettings, output: Output, clock: MonotonicClock) {
    self.settings = settings
    self.output = output
    self.clock = clock
    var activeLow = false
    var frequency = 100
    if case .lines(_, let wiring) = output {
      activeLow = !wiring.activeHigh
      frequency = wiring.frequencyHz
    }
    pacer = SoftPWMPacer(channels: [.red, .green, .blue], frequencyHz: frequency, activeLow: activeLow)
  }

  /// Starts the thread; throws when the system cannot make one.
  public func start() throws(SystemCallError) {
    guard thread == nil else { return }
    let parker = clock.makeThreadParker()
    self.parker = parker
    do {
      thread = try SystemThread.start(name: "nixie-backlight") { [self] in run(parker) }
    } catch {
      parker.retire()
      throw error
    }
  }

  /// New settings, from the next period on.
  public func update(_ settings: BacklightSettings) {
    change { $0.settings = settings }
  }

  /// Whether it is night, and the night's brightness factor.
  public func setNight(_ night: Bool, factor: Double = 1) {
    change {
      $0.night = night
      $0.nightFactor = factor
    }
  }

  /// Turns the backlight off and ends the thread.
  public func stop() {
    condition.lock()
    stopping = true
    condition.unlock()
    parker?.unpark()
    thread?.join()
    thread = nil
    switch output {
    case .lines(let lines, _):
      let off = pacer.allOff
      try? lines.set(off.lines, to: off.levels)
    case .chips(let set):
      set(.off)
    }
  }

  /// Applies a change; wakes the thread only when it parks between colour steps (a sleep until
  /// an edge's deadline must not end early: the change applies from the next period).
  private func change(_ body: (BacklightRunner) -> Void) {
    condition.lock()
    body(self)
    generation += 1
    let wake = idleParked
    condition.unlock()
    if wake { parker?.unpark() }
  }

  private func run(_ parker: ThreadParker) {
    defer { parker.retire() }
    while true {
      condition.lock()
      if stopping {
        condition.unlock()
        return
      }
      let seen = generation
      let now = clock.now()
      let colour = settings.color(at: now, night: night, nightFactor: nightFactor)
      let cycling = settings.cycleSeconds != nil && !colour.isOff
      var wake: UInt64? = cycling ? now + Self.colourStep : nil
      var write: SoftPWMPacer.Write?
      if case .lines = output {
        pacer.setDuties(colour.channels, at: now)
        write = pacer.next(now: now)
        if let write { wake = write.deadline }
      }
      condition.unlock()
      do {
        switch output {
        case .lines(let lines, _):
          if let write {
            parker.sleep(until: write.deadline)
            try lines.set(write.lines, to: write.levels)
            continue
          }
        case .chips(let set):
          if colour != lastColour {
            set(colour)
            lastColour = colour
          }
        }
      } catch {
        condition.lock()
        failure = error
        condition.unlock()
        return
      }
      condition.lock()
      guard generation == seen, !stopping else {
        condition.unlock()
        continue
      }
      idleParked = true
      condition.unlock()
      parker.park(until: wake)
      condition.lock()
      idleParked = false
      condition.unlock()
      parker.discardWakeUp()
    }
  }
}
