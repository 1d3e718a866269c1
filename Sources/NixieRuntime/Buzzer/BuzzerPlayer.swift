import NixieAlarms
import NixieBoardModel
import NixieCore
import NixieSystem
import NixieTransports

/// Plays tunes on a board's buzzer line from a thread of its own (`nixie-buzzer`), each level
/// change (`BuzzerWaveform`) written at its absolute deadline on the clock, so no delay adds up
/// over a tune; after a stall the changes whose time has passed are skipped.
///
/// A passive buzzer (`BuzzerKind.passive`) gets a square wave at each note's pitch; an active
/// one the line on for each note. Given a `ToneOutput` (a kernel PWM channel) instead of the
/// line, the thread writes each note's pitch once and the kernel makes the wave. While nothing plays the thread is parked without a deadline:
/// a silent buzzer costs no wake-ups. The thread starts at the first `play`. `stop()` silences
/// at once: the line is inactive when it returns. Requests come from any thread.
public final class BuzzerPlayer: @unchecked Sendable {
  // Everything below is guarded by `condition`; the line is written only under it.
  private let condition = Condition()
  private let worker = WorkerThread()
  private let clock: MonotonicClock
  private let output: Output
  private var parker: ThreadParker?
  private var started = false
  private var idleParked = false
  /// The tune asked for and whether it repeats; nil: silence.
  private var request: (tune: Tune, repeats: Bool)?
  private var requestChanged = false
  private var sounding = false
  private var failed: (any Error)?

  /// Where the sound goes.
  public enum Output {
    /// The line the wiring describes, toggled by the thread (`lines` must hold it, role
    /// `.buzzer`).
    case line(GPIOLines, BuzzerWiring)
    /// A tone output told each note's pitch.
    case tone(ToneOutput)
  }

  /// A player of the buzzer `wiring` describes, on `lines` (which must hold its line, role
  /// `.buzzer`), timed by `clock`.
  public convenience init(lines: GPIOLines, wiring: BuzzerWiring, clock: MonotonicClock) {
    self.init(output: .line(lines, wiring), clock: clock)
  }

  /// A player writing to `output`, timed by `clock`.
  public init(output: Output, clock: MonotonicClock) {
    self.output = output
    self.clock = clock
  }

  /// The one line this player writes.
  private static let line = LineSet.role(.buzzer)

  /// Plays `tune` from now on, once or (`repeat`) until `stop()`, in place of what played.
  public func play(_ tune: Tune, repeat repeats: Bool = false) throws(SystemCallError) {
    condition.lock()
    defer { condition.unlock() }
    guard !worker.isStopping else { return }
    request = (tune, repeats)
    requestChanged = true
    sounding = true
    if idleParked { parker?.unpark() }
    guard !started else { return }
    parker = try worker.start(name: "nixie-buzzer", parkingOn: clock) { [self] in run($0) }
    started = parker != nil
  }

  /// Silences the buzzer at once: when this returns the line is inactive and nothing plays.
  public func stop() {
    condition.lock()
    defer { condition.unlock() }
    request = nil
    requestChanged = true
    if sounding { write(active: false) }
    sounding = false
    condition.broadcast()
    parker?.unpark()
  }

  /// Silences the buzzer and ends the thread, waiting for it.
  public func shutDown() {
    stop()
    worker.stop()
  }

  /// Whether a tune is playing (false once a tune played once has ended, or after `stop()`).
  public var isSounding: Bool { condition.withLock { sounding } }
  /// The error that stopped the thread, if a write failed.
  public var failure: (any Error)? { condition.withLock { failed } }

  /// Blocks until nothing plays (a tune played once has ended, `stop()`, or a failed write),
  /// or until `deadline` on CLOCK_MONOTONIC; false when the deadline came first.
  public func waitUntilSilent(deadline: UInt64) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while sounding {
      if !condition.wait(until: deadline) { return !sounding }
    }
    return true
  }

  /// Silences the buzzer: the line inactive, or the tone output silent. Called under the lock.
  @discardableResult
  private func write(active: Bool) -> Bool {
    switch output {
    case .line(_, let wiring): perform(.level(active == wiring.activeHigh))
    case .tone: perform(.tone(nil))
    }
  }

  /// Does `step`; a failure stops the tune and is kept for `failure`. Called under the lock.
  private func perform(_ step: BuzzerSteps.Step) -> Bool {
    do {
      switch (step, output) {
      case (.level(let high), .line(let lines, _)): try lines.set(Self.line, to: high ? Self.line : [])
      case (.tone(let hertz), .tone(let tone)): try tone.sound(hertz: hertz)
      default: break
      }
      return true
    } catch {
      failed = error
      sounding = false
      request = nil
      condition.broadcast()
      return false
    }
  }

  private func run(_ parker: ThreadParker) {
    var cursor: BuzzerSteps?
    var waveform: BuzzerWaveform?
    var pending: (at: UInt64, step: BuzzerSteps.Step)?
    var origin: UInt64 = 0
    condition.lock()
    while !worker.isStopping {
      if requestChanged {
        requestChanged = false
        waveform = request.map { self.waveform(of: $0.tune) }
        cursor = waveform.map(steps)
        pending = cursor?.next()
        origin = clock.now()
      }
      if pending == nil, let played = waveform, request?.repeats == true, played.nanoseconds > 0 {
        origin &+= played.nanoseconds
        cursor = steps(played)
        pending = cursor?.next()
      }
      guard let edge = pending else {
        if sounding, let played = waveform, clock.now() < origin &+ played.nanoseconds {
          // The tune's last rest: silent already, but the tune has not ended.
          sleepUnlocked(parker, until: origin &+ played.nanoseconds)
          continue
        }
        if sounding {
          sounding = false
          request = nil
          condition.broadcast()
        }
        waveform = nil
        parker.parkIdle(until: nil, under: condition) { idleParked = $0 }
        continue
      }
      let deadline = origin &+ edge.at
      let now = clock.now()
      if now < deadline {
        sleepUnlocked(parker, until: deadline)
        continue
      }
      // Woken late (a stall): the steps whose time has passed since are skipped and only the
      // last of them is made — the level (or pitch) the tune has now — so a stall leaves a
      // gap in the tune, never a burst of edges played at once.
      var step = edge.step
      pending = cursor?.next()
      while let next = pending, origin &+ next.at <= now {
        step = next.step
        pending = cursor?.next()
      }
      guard perform(step) else { break }
    }
    if failed == nil { write(active: false) }
    sounding = false
    condition.broadcast()
    condition.unlock()
  }

  /// `tune` as the wiring plays it (a tone output makes the square wave of a passive buzzer).
  private func waveform(of tune: Tune) -> BuzzerWaveform {
    switch output {
    case .line(_, let wiring):
      BuzzerWaveform(tune: tune, squareWave: wiring.kind == .passive, activeHigh: wiring.activeHigh)
    case .tone: BuzzerWaveform(tune: tune, squareWave: true, activeHigh: true)
    }
  }

  /// The steps of one play of `waveform` on this output.
  private func steps(_ waveform: BuzzerWaveform) -> BuzzerSteps {
    if case .tone = output { return BuzzerSteps(waveform, tone: true) }
    return BuzzerSteps(waveform, tone: false)
  }

  /// Sleeps until `deadline` with the lock released; a request or a stop cuts it short.
  private func sleepUnlocked(_ parker: ThreadParker, until deadline: UInt64) {
    idleParked = true
    condition.unlock()
    parker.sleep(until: deadline)
    condition.lock()
    idleParked = false
  }
}
