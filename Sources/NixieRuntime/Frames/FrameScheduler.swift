import NixieBoardModel
import NixieCore
import NixieDisplay
import NixieDrivers
import NixieSystem
import NixieTransitions
import NixieTransports

/// Writes PWM frames to a display driver from a dedicated thread, each at its absolute deadline.
///
/// The pacing is a `DisplayPacer` — PWM frames (`FramePacer`), a multiplexed board's scan
/// (`MultiplexPacer`) or modules' brightness levels (`LevelPacer`), as the board's
/// `DisplayPacing` says; this class is the thin real-time shell around it. Its
/// thread (a `WorkerThread`, not the cooperative async pool) asks the pacer for the next
/// frame, sleeps until the deadline through the clock's `ThreadParker` — a timed wait on
/// CLOCK_MONOTONIC for `SystemClock`, which `stop()` ends at once — and writes the frame. Unchanged frames are never
/// written. When nothing fades at full brightness it parks until the next request: no
/// polling, no busy loop. With a `ManualClock` every sleep returns at once, so a 10 s fade
/// runs in milliseconds; a `ManualDaemonClock` shares virtual time with the clock daemon.
///
/// Fit: the thread times every write (`WriteTimeWatch`) and, on a board paced by PWM frames,
/// plays in the settings that time affords (`PWMSettings.fitted`): a slow board's writes get
/// fewer, longer steps rather than steps they overrun. `writeTime` and `pwmSettings` say what
/// it measured and chose; `onFit` hears of each change.
///
/// Heartbeat: with a `Heartbeat`, the thread calls its action at most once per interval
/// while it writes, and parks for at most the interval while idle — so the action keeps
/// coming exactly as long as the frame loop is alive (the clock feeds systemd's watchdog
/// from it). Without one, an idle thread does not look at the clock at all.
///
/// Threads: requests (`show`, `cycle`, `setBrightness`) may come from any thread. The driver
/// and everything it calls — a simulator's chip models and their observers (trace, frames
/// log, terminal view) — run on the scheduler's thread while it runs, and on the owner's only
/// after `stop()` has returned: never on two threads at once, so they need no locks of their
/// own. One exception keeps a still display to one wake-up per change: a request that is a
/// single frame due at once, made while the thread is parked with nothing to do, is written
/// by the requesting thread holding the scheduler's lock (which the parked thread needs
/// before it can touch the driver). `onSettled` runs where the settling write happened; the
/// heartbeat on the scheduler's thread.
///
/// Faults: a transient transport fault (`isTransientFault`: an I2C NACK, a bus error — the
/// driver has already retried it) never stops the thread. The frame is written again after a
/// pause that doubles from 20 ms up to `maximumFaultPause`, `onFault` hears of it, and a
/// `waitUntilSettled()` in progress throws it. Any other error stops the thread; it is kept in
/// `failure` and thrown by `waitUntilSettled()`. Nothing is raised on the scheduler's thread.
/// `stop()` ends a fault pause at once.
public final class FrameScheduler: @unchecked Sendable {
  /// A call from the frame loop at a steady pace, proof that it is alive.
  public struct Heartbeat: Sendable {
    /// Nanoseconds between calls.
    public var interval: UInt64
    /// Called on the scheduler's thread with the clock's time.
    public var action: @Sendable (UInt64) -> Void

    public init(interval: UInt64, action: @escaping @Sendable (UInt64) -> Void) {
      self.interval = max(interval, 1_000_000)
      self.action = action
    }
  }

  // Everything below is guarded by `condition`, except the driver and `onSettled`, which
  // only the scheduler's thread touches while it runs.
  private let condition = Condition()
  private let worker = WorkerThread()
  private let clock: MonotonicClock
  private let driver: DisplayDriver
  private let onSettled: (() -> Void)?
  private let onFault: ((any Error) -> Void)?
  private let heartbeat: Heartbeat?
  private let onPlan: (@Sendable (FadeTimeline, Double) -> Void)?
  /// Tube care's count, told of every frame written and every blank (`WearCount`).
  private let wear: Locked<WearCount>?
  private var parker: ThreadParker?
  /// The thread is parked (or about to park) with nothing to write: a request wakes it.
  private var idleParked = false
  /// `stop(blanking: true)`: the thread's last write turns the tubes off.
  private var blankWhenStopping = false
  private var pacer: DisplayPacer
  /// A backlight colour for the driver's own LEDs, not yet handed to it.
  private var pendingBacklight: BacklightColor?
  /// `powerDown()`: blank the driver once the display has settled dark.
  private var powerDownPending = false
  private var requested = 0
  private var settled = 0
  private var started = false
  private var exited = false
  /// The tubes were blanked on stopping.
  private var blanked = false
  private var failed: (any Error)?
  private var writes = 0
  private var lateness = SliceTiming()
  /// How long writes take, and the PWM fitted to it (`WriteTimeWatch`).
  private var watch = WriteTimeWatch()
  /// Whether the PWM is fitted to the measured write time (`fitsPWM`).
  private let fitsPWM: Bool
  /// Hears of each fit: the measured write time and the settings played in from then on.
  private let onFit: ((UInt64, PWMSettings) -> Void)?
  /// A fit made under the lock, for the thread to tell `onFit` of once it has let go of it.
  private var fitToTell: (writeTime: UInt64, settings: PWMSettings)?
  private var faults = 0
  private var lastFault: (any Error)?

  /// The longest pause between attempts while a transient fault lasts: short enough that
  /// `stop()` (SIGTERM) still returns within a second.
  public static let maximumFaultPause: UInt64 = 500_000_000

  /// A scheduler writing to `driver`, whose tubes show `state` now (dark after the driver's
  /// `start()`). `onSettled` is called on the scheduler's thread each time the display comes
  /// to rest, after its final frame is written; `onFault` for each transient fault;
  /// `heartbeat`'s action at its interval while the thread runs. `onPlan` hears of every
  /// request's plan (the timeline and the brightness) on the requesting thread, after the
  /// request is in: a view of the frames that never touches the frame thread. `wear` counts
  /// each frame written, where it is written, and each blank. With `fitsPWM` (the default) a
  /// board paced by PWM frames plays in the settings its measured write time affords
  /// (`WriteTimeWatch`), starting from `settings`; without it, `settings` throughout. `onFit`
  /// hears of each change of settings on the scheduler's thread (the clock logs it).
  public init(
    layout: DisplayLayout, driver: DisplayDriver, clock: MonotonicClock,
    settings: PWMSettings = PWMSettings(), pacing: DisplayPacing = .pwm, groups: [Int?] = [],
    showing state: DisplayState? = nil, heartbeat: Heartbeat? = nil, onSettled: (() -> Void)? = nil,
    onFault: ((any Error) -> Void)? = nil, onPlan: (@Sendable (FadeTimeline, Double) -> Void)? = nil,
    wear: Locked<WearCount>? = nil, fitsPWM: Bool = true, onFit: ((UInt64, PWMSettings) -> Void)? = nil
  ) {
    self.fitsPWM = fitsPWM
    self.onFit = onFit
    self.onPlan = onPlan
    self.wear = wear
    self.clock = clock
    self.driver = driver
    self.heartbeat = heartbeat
    self.onSettled = onSettled
    self.onFault = onFault
    pacer = DisplayPacer(pacing: pacing, layout: layout, settings: settings, groups: groups, showing: state)
  }

  /// Starts the thread; throws when the system cannot make one (out of threads or memory).
  public func start() throws(SystemCallError) {
    condition.lock()
    defer { condition.unlock() }
    guard !started else { return }
    parker = try worker.start(name: "nixie-frames", parkingOn: clock) { [self] in run($0) }
    started = parker != nil
  }

  /// Moves the frame thread to real-time scheduling (`RealTime.priority`, SCHED_FIFO) once
  /// it runs; throws when the system refuses (then it keeps running as it was).
  public func makeRealTime() throws(SystemCallError) {
    try worker.setPriority(.realTime)
  }

  /// Starts a transition to `state` from what the tubes show now. Returns when it will be
  /// over, on the scheduler's clock.
  @discardableResult
  public func show(_ state: DisplayState, transition: TransitionSpec) -> UInt64 {
    request(keepingPowerDown: false) { $0.show(state, transition: transition, at: $1) }
  }

  /// Runs the slot machine on every tube and lands on `state`: the anti-poisoning routine
  /// (`TransitionPlanner.cycle`), `aimed` at the cathodes that lag by the wear this scheduler
  /// counts (an even run when it counts none). Returns when it will be over.
  @discardableResult
  public func cycle(
    to state: DisplayState, duration: UInt64, laps: Int = 1, curve: FadeCurve = .perceptual,
    aimed: Bool = false
  ) -> UInt64 {
    let counted = aimed ? wear?.withLock { $0.wear } : nil
    return request(keepingPowerDown: false) {
      $0.cycle(to: state, duration: duration, laps: laps, curve: curve, wear: counted, at: $1)
    }
  }

  /// Sets the global brightness, 0…1, from the next PWM period on.
  public func setBrightness(_ brightness: Double) {
    _ = request { pacer, now in
      pacer.setBrightness(brightness, at: now)
      return now
    }
  }

  /// Once the display has settled dark (the transition to a dark state over), blanks the
  /// driver from the frame thread: `DisplayDriver.blank()`, which also switches off a line
  /// that powers the tubes (a board's high-voltage enable). The next lit frame switches it on
  /// again; a `show` or `cycle` before the display settles cancels it.
  public func powerDown() {
    condition.lock()
    powerDownPending = true
    let parked = idleParked ? parker : nil
    condition.unlock()
    parked?.unpark()
  }

  /// Sets the backlight the chips drive themselves (exixe's LEDs), from the frame thread.
  public func setBacklight(_ color: BacklightColor) {
    condition.lock()
    pendingBacklight = color
    let parked = idleParked ? parker : nil
    condition.unlock()
    parked?.unpark()
  }

  private func request(keepingPowerDown: Bool = true, _ change: (inout DisplayPacer, UInt64) -> UInt64)
    -> UInt64
  {
    condition.lock()
    if !keepingPowerDown { powerDownPending = false }
    let now = clock.now()
    let end = change(&pacer, now)
    requested += 1
    condition.broadcast()
    let parked = idleParked && !writtenHere(at: now) ? parker : nil
    let plan = onPlan.map { _ in (pacer.timeline, pacer.brightness) }
    condition.unlock()
    // Woken after the lock is free: a thread woken under it would only block on it again.
    // An unpark racing the end of a park is harmless (the loop parks again).
    parked?.unpark()
    if let onPlan, let plan { onPlan(plan.0, plan.1) }
    return end
  }

  /// Writes a change that is one frame due now — a still display's next value without a
  /// fade, at full brightness — on the requesting thread, holding the lock, while the frame
  /// thread is parked with nothing to do: that thread would only wake to write it and park
  /// again (a second wake-up for every second the clock shows). True when written and settled;
  /// anything else (a fade, a frame not yet due, a failed write) is left to the frame thread.
  private func writtenHere(at now: UInt64) -> Bool {
    guard !worker.isStopping, failed == nil, pendingBacklight == nil, !powerDownPending else { return false }
    var trial = pacer
    guard case .write(let deadline) = trial.next(now: now), deadline <= now, trial.isIdle else {
      return false
    }
    let output = trial.output
    do {
      switch output {
      case .frame(let frame): try driver.write(frame)
      case .duties(let duties): try driver.write(duties: duties)
      }
    } catch {
      return false
    }
    pacer = trial
    measure(from: now, to: clock.now())
    writes += 1
    wear?.withLock { $0.wrote(output, at: now) }
    lateness.record(lateness: 0)
    onSettled?()
    settled = requested
    condition.broadcast()
    return true
  }

  /// Waits until the latest request's transition is over and its frame is on the tubes (at
  /// reduced brightness, until its first period has been written). Throws the error that
  /// stopped the thread, or a transient fault that happened while waiting (the thread goes
  /// on retrying). Returns at once if the thread is not running.
  public func waitUntilSettled() throws {
    condition.lock()
    defer { condition.unlock() }
    let faultsBefore = faults
    while started && !exited && settled != requested && faults == faultsBefore {
      condition.wait()
    }
    if let failed { throw failed }
    if faults != faultsBefore, let lastFault { throw lastFault }
  }

  /// Stops the thread — mid-fade, mid-PWM or in a fault pause: its wait ends at once, a write
  /// under way is finished — and waits for it to end (joins it). The tubes keep the last frame written, or with `blanking` are
  /// turned off by the thread's last write (`DisplayDriver.blank()`: BL low where the board
  /// wires it).
  /// From then on the owner may use the driver directly.
  public func stop(blanking: Bool = false) {
    condition.withLock { blankWhenStopping = blankWhenStopping || blanking }
    // Joined, not only seen to exit: the thread holds this scheduler until its closure is
    // gone, and one still tearing it down while the process exits was a leak LeakSanitizer
    // reported at random at the end of `nixie show`.
    worker.stop()
    // A thread that never ran, or ended on a failure, cannot blank: the owner does.
    let blankHere = condition.withLock {
      defer { blanked = blanked || blanking }
      return blanking && !blanked
    }
    if blankHere { try? blankDriver() }
  }

  /// The error that stopped the thread, if a write failed for good.
  public var failure: (any Error)? { locked { failed } }
  /// Transient faults met so far (each retried).
  public var faultCount: Int { locked { faults } }
  /// Frames written so far.
  public var writeCount: Int { locked { writes } }
  /// How late the writes started after their deadlines.
  public var timing: SliceTiming { locked { lateness } }
  /// The median time a frame write takes, as last measured (`WriteTimeWatch`); nil before
  /// the first measure.
  public var writeTime: UInt64? { locked { watch.writeTime } }
  /// The PWM frames are paced in now; nil on a board paced otherwise (a scan, levels).
  public var pwmSettings: PWMSettings? { locked { pacer.pwmSettings } }

  /// Tells the watch of a write from `start` to `end`, and refits the pacer when the watch
  /// says (call holding the lock).
  private func measure(from start: UInt64, to end: UInt64) {
    let current = pacer.pwmSettings
    let fit = watch.record(end > start ? end - start : 0, at: end, current: current ?? PWMSettings())
    guard fitsPWM, current != nil, let fit, let writeTime = watch.writeTime else { return }
    pacer.refit(fit, at: end)
    fitToTell = (writeTime, fit)
  }

  private func locked<Value>(_ body: () -> Value) -> Value {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  /// Turns the tubes off (`DisplayDriver.blank()`) and, once they are, tells tube care's count
  /// that the glow ended.
  private func blankDriver() throws {
    try driver.blank()
    wear?.withLock { $0.darkened(at: clock.now()) }
  }

  /// `powerDown()` was asked for and the display has settled dark (call holding the lock).
  private var powerDownIsDue: Bool {
    powerDownPending && pacer.isSettled && pacer.timeline.target.isDark
  }

  /// Blanks the driver for `powerDown()`, called holding `condition`'s lock, which it lets go
  /// of for the write.
  private func powerDown(under condition: Condition) {
    powerDownPending = false
    condition.unlock()
    do {
      try blankDriver()
    } catch {
      onFault?(error)
    }
    condition.lock()
  }

  private func run(_ parker: ThreadParker) {
    var pause: UInt64 = 20_000_000
    var nextBeat: UInt64? = heartbeat.map { _ in clock.now() }
    condition.lock()
    loop: while !worker.isStopping {
      if let heartbeat, let due = nextBeat, case let now = clock.now(), now >= due {
        nextBeat = now + heartbeat.interval
        condition.unlock()
        heartbeat.action(now)
        condition.lock()
        continue loop
      }
      if let fit = fitToTell {
        fitToTell = nil
        condition.unlock()
        onFit?(fit.writeTime, fit.settings)
        condition.lock()
        continue loop
      }
      if let color = pendingBacklight {
        pendingBacklight = nil
        condition.unlock()
        do {
          try driver.setBacklight(color)
        } catch {
          onFault?(error)
        }
        condition.lock()
        continue loop
      }
      if powerDownIsDue {
        powerDown(under: condition)
        continue loop
      }
      switch pacer.next(now: clock.now()) {
      case .idle:
        idle(parker, nextBeat: nextBeat)
      case .write(let deadline):
        guard write(pacer.output, at: deadline, parker: parker, pause: &pause) else { break loop }
      }
    }
    if worker.isStopping && blankWhenStopping && failed == nil {
      condition.unlock()
      try? blankDriver()
      condition.lock()
      blanked = true
    }
    exited = true
    condition.broadcast()
    condition.unlock()
  }

  /// Nothing to write: the display powers down if that is due, a transition that has ended is
  /// told (`onSettled`, then the waiters), and the thread parks until a request, a stop or the
  /// next heartbeat. Called holding the lock, which it lets go of while it calls out or parks.
  private func idle(_ parker: ThreadParker, nextBeat: UInt64?) {
    if powerDownIsDue {
      powerDown(under: condition)
      return
    }
    if settled != requested {
      let generation = requested
      if let onSettled {
        condition.unlock()
        onSettled()
        condition.lock()
      }
      guard generation == requested, !worker.isStopping else { return }
      settled = generation
      condition.broadcast()
    }
    // A request from now on unparks the thread; one that came before is in the pacer.
    parker.parkIdle(until: nextBeat, under: condition) { idleParked = $0 }
  }

  /// Writes `output` at `deadline`, the lock let go meanwhile and held again on return. A
  /// transient fault is counted and the frame tried again after `pause`, which doubles up to
  /// `maximumFaultPause` (and is back to 20 ms after a write); false when a write failed for
  /// good (`failed`).
  private func write(
    _ output: DisplayPacer.Output, at deadline: UInt64, parker: ThreadParker, pause: inout UInt64
  ) -> Bool {
    condition.unlock()
    // A wake-up that is not a stop (one that raced the end of an idle park) does not
    // make the frame early.
    while clock.now() < deadline && !worker.isStopping { parker.sleep(until: deadline) }
    let start = clock.now()
    do {
      switch output {
      case .frame(let frame): try driver.write(frame)
      case .duties(let duties): try driver.write(duties: duties)
      }
    } catch  where isTransientFault(error) {
      onFault?(error)
      parker.park(until: clock.now() + pause)
      pause = min(pause * 2, Self.maximumFaultPause)
      condition.lock()
      faults += 1
      lastFault = error
      pacer.frameWasNotWritten(at: clock.now())
      condition.broadcast()
      return true
    } catch {
      condition.lock()
      failed = error
      return false
    }
    let end = clock.now()
    pause = 20_000_000
    wear?.withLock { $0.wrote(output, at: start) }
    condition.lock()
    measure(from: start, to: end)
    writes += 1
    lateness.record(lateness: start > deadline ? start - deadline : 0)
    // Below full brightness the display never idles: settled once a settled period is out.
    if pacer.isSettled && !pacer.isIdle && settled != requested {
      settled = requested
      condition.broadcast()
    }
    return true
  }
}
