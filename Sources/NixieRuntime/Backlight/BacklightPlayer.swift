import NixieBoardModel
import NixieCore
import NixieSystem
import NixieTransitions
import NixieTransports

/// Plays a `BacklightProgram` on a board's backlight from a thread of its own
/// (`nixie-backlight`), so the tubes' frame thread never waits for it.
///
/// - Three GPIO lines (NCS314 HW 2.x, `BacklightWiring.pwmRGB`): software PWM paced by
///   `SoftPWMPacer`, each write at its absolute deadline; a colour whose channels are all full
///   or off is written once and then costs nothing.
/// - The chips' own LEDs (exixe-14, `BacklightWiring.module`): each new colour is handed to
///   `set` (the frame scheduler, whose thread alone writes to the modules).
///
/// A moving program (the colour cycle) is sampled every `updateInterval`; a steady one once.
/// `stop()` turns PWM lines off (soft PWM cannot outlive the process); chips keep their colour
/// (their driver's `blank()` turns them off). Requests come from any thread and return at once.
public final class BacklightPlayer: @unchecked Sendable {
  /// Where the colour goes.
  public enum Output {
    /// Software PWM on the lines `wiring` names, written through `lines`.
    case pwm(GPIOLines, PWMRGBWiring)
    /// The chips' own LEDs: each colour, once per change.
    case chips(@Sendable (BacklightColor) -> Void)
  }

  /// How often a moving program's colour is sampled: 20 times a second.
  public static let updateInterval: UInt64 = 50_000_000

  // Everything below is guarded by `condition`; `output` and `pacer` only the thread touches
  // while it runs.
  private let condition = Condition()
  private let worker = WorkerThread()
  private let clock: MonotonicClock
  private let output: Output
  private var pacer: SoftPWMPacer?
  private var parker: ThreadParker?
  private var program = BacklightProgram.off
  private var programChanged = false
  private var idleParked = false
  private var started = false
  private var failed: (any Error)?
  private var shown: BacklightColor?

  /// A player writing to `output`, timed by `clock`.
  public init(output: Output, clock: MonotonicClock) {
    self.output = output
    self.clock = clock
    if case .pwm(_, let wiring) = output {
      pacer = SoftPWMPacer(
        channels: [.red, .green, .blue], frequencyHz: wiring.frequencyHz, activeLow: !wiring.activeHigh)
    }
  }

  /// Plays `program` from now on, starting the thread on the first call that needs it: PWM,
  /// or a moving program. A steady colour for the chips is handed over at once, so it is in
  /// the frame thread's queue before any frame requested after this call.
  public func play(_ program: BacklightProgram) throws(SystemCallError) {
    condition.lock()
    defer { condition.unlock() }
    guard !worker.isStopping else { return }
    self.program = program
    programChanged = true
    if idleParked { parker?.unpark() }
    if case .chips(let set) = output, !program.isMoving {
      let color = program.color(at: clock.now())
      shown = color
      set(color)
      return
    }
    guard !started else { return }
    parker = try worker.start(name: "nixie-backlight", parkingOn: clock) { [self] in run($0) }
    started = parker != nil
  }

  /// Runs the thread at real-time priority (`RealTime.priority`, SCHED_FIFO) from its start,
  /// or at once if it runs: as steady as the frame thread when it may be. A refusal leaves it
  /// as it was (the frame thread's says why).
  public func makeRealTime() {
    try? worker.setPriority(.realTime)
  }

  /// The program playing.
  public var playing: BacklightProgram { locked { program } }
  /// The colour last sent (nil before the first).
  public var color: BacklightColor? { locked { shown } }
  /// The error that stopped the thread, if a write failed.
  public var failure: (any Error)? { locked { failed } }

  /// Stops the thread and waits for it (joins it, so nothing of it outlives `stop()`); PWM
  /// lines go off with its last write.
  public func stop() { worker.stop() }

  private func locked<Value>(_ body: () -> Value) -> Value {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  private func run(_ parker: ThreadParker) {
    var colorDue: UInt64? = nil
    var pending: SoftPWMPacer.Write?
    condition.lock()
    loop: while !worker.isStopping {
      let now = clock.now()
      if programChanged {
        programChanged = false
        colorDue = now
      }
      if let due = colorDue, now >= due {
        let color = program.color(at: now)
        colorDue = program.isMoving ? now + Self.updateInterval : nil
        shown = color
        if pacer != nil {
          pacer?.setDuties(color.channels, at: now)
        } else if case .chips(let set) = output {
          condition.unlock()
          set(color)
          condition.lock()
        }
        continue loop
      }
      if pending == nil { pending = pacer?.next(now: now) }
      if let write = pending, write.deadline <= (colorDue ?? .max) {
        condition.unlock()
        if now < write.deadline {
          parker.sleep(until: write.deadline)
          condition.lock()
          continue loop
        }
        do {
          if case .pwm(let lines, _) = output { try lines.set(write.lines, to: write.levels) }
        } catch {
          condition.lock()
          failed = error
          break loop
        }
        condition.lock()
        pending = nil
        continue loop
      }
      parker.parkIdle(until: colorDue, under: condition) { idleParked = $0 }
    }
    if let off = pacer?.allOff, case .pwm(let lines, _) = output {
      condition.unlock()
      try? lines.set(off.lines, to: off.levels)
      condition.lock()
    }
    condition.unlock()
  }
}
