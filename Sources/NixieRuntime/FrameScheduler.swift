import Foundation
import NixieCore

/// Writes PWM frames to a display driver from a dedicated thread, each at its absolute deadline.
///
/// The pacing is a `FramePacer`; this class is the thin real-time shell around it. Its
/// thread (not the cooperative async pool) asks the pacer for the next frame, sleeps until
/// the deadline with `MonotonicClock.sleep(until:)` — `clock_nanosleep` with `TIMER_ABSTIME`
/// on CLOCK_MONOTONIC for `SystemClock` — and writes the frame. Unchanged frames are never
/// written. When nothing fades at full brightness it blocks on a condition variable until
/// the next request: no polling, no busy loop. With a `ManualClock` every sleep returns at
/// once, so a 10 s fade runs in milliseconds.
///
/// Threads: requests (`show`, `cycle`, `setBrightness`) may come from any thread. The driver
/// and everything it calls — a simulator's chip models and their observers (trace, frames
/// log, terminal view) — run on the scheduler's thread while it runs, and on the owner's only
/// after `stop()` has returned: never on both at once, so they need no locks of their own.
/// `onSettled` runs on the scheduler's thread.
///
/// Faults: a transient transport fault (`isTransientFault`: an I2C NACK, a bus error — the
/// driver has already retried it) never stops the thread. The frame is written again after a
/// pause that doubles from 20 ms up to `maximumFaultPause`, `onFault` hears of it, and a
/// `waitUntilSettled()` in progress throws it. Any other error stops the thread; it is kept in
/// `failure` and thrown by `waitUntilSettled()`. Nothing is raised on the scheduler's thread.
public final class FrameScheduler: @unchecked Sendable {
  // Everything below is guarded by `condition`, except the driver and `onSettled`, which
  // only the scheduler's thread touches while it runs.
  private let condition = NSCondition()
  private let clock: MonotonicClock
  private let driver: DisplayDriver
  private let onSettled: (() -> Void)?
  private let onFault: ((any Error) -> Void)?
  private var pacer: FramePacer
  private var requested = 0
  private var settled = 0
  private var started = false
  private var stopping = false
  private var exited = false
  private var failed: (any Error)?
  private var writes = 0
  private var lateness = SliceTiming()
  private var faults = 0
  private var lastFault: (any Error)?

  /// The longest pause between attempts while a transient fault lasts: short enough that
  /// `stop()` (SIGTERM) still returns within a second.
  public static let maximumFaultPause: UInt64 = 500_000_000

  /// A scheduler writing to `driver`, whose tubes show `state` now (dark after the driver's
  /// `start()`). `onSettled` is called on the scheduler's thread each time the display comes
  /// to rest, after its final frame is written; `onFault` for each transient fault.
  public init(
    layout: DisplayLayout, driver: DisplayDriver, clock: MonotonicClock,
    settings: PWMSettings = PWMSettings(),
    showing state: DisplayState? = nil, onSettled: (() -> Void)? = nil,
    onFault: ((any Error) -> Void)? = nil
  ) {
    self.clock = clock
    self.driver = driver
    self.onSettled = onSettled
    self.onFault = onFault
    pacer = FramePacer(layout: layout, settings: settings, showing: state)
  }

  /// Starts the thread.
  public func start() {
    condition.lock()
    defer { condition.unlock() }
    guard !started else { return }
    started = true
    let thread = Thread { [self] in run() }
    thread.name = "nixie-frames"
    thread.start()
  }

  /// Starts a transition to `state` from what the tubes show now. Returns when it will be
  /// over, on the scheduler's clock.
  @discardableResult
  public func show(_ state: DisplayState, transition: TransitionSpec) -> UInt64 {
    request { $0.show(state, transition: transition, at: $1) }
  }

  /// Runs the slot machine on every tube and lands on `state`: the anti-poisoning routine
  /// (`TransitionPlanner.cycle`). Returns when it will be over.
  @discardableResult
  public func cycle(to state: DisplayState, duration: UInt64, laps: Int = 1, curve: FadeCurve = .perceptual)
    -> UInt64
  {
    request { $0.cycle(to: state, duration: duration, laps: laps, curve: curve, at: $1) }
  }

  /// Sets the global brightness, 0…1, from the next PWM period on.
  public func setBrightness(_ brightness: Double) {
    _ = request { pacer, now in
      pacer.setBrightness(brightness, at: now)
      return now
    }
  }

  private func request(_ change: (inout FramePacer, UInt64) -> UInt64) -> UInt64 {
    condition.lock()
    defer { condition.unlock() }
    let end = change(&pacer, clock.now())
    requested += 1
    condition.broadcast()
    return end
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

  /// Stops the thread and waits for it to end; the tubes keep the last frame written. From
  /// then on the owner may use the driver directly.
  public func stop() {
    condition.lock()
    defer { condition.unlock() }
    stopping = true
    condition.broadcast()
    while started && !exited {
      condition.wait()
    }
  }

  /// The error that stopped the thread, if a write failed for good.
  public var failure: (any Error)? { locked { failed } }
  /// Transient faults met so far (each retried).
  public var faultCount: Int { locked { faults } }
  /// Frames written so far.
  public var writeCount: Int { locked { writes } }
  /// How late the writes started after their deadlines.
  public var timing: SliceTiming { locked { lateness } }

  private func locked<Value>(_ body: () -> Value) -> Value {
    condition.lock()
    defer { condition.unlock() }
    return body()
  }

  private func run() {
    var pause: UInt64 = 20_000_000
    condition.lock()
    loop: while !stopping {
      switch pacer.next(now: clock.now()) {
      case .idle:
        if settled != requested {
          let generation = requested
          if let onSettled {
            condition.unlock()
            onSettled()
            condition.lock()
          }
          guard generation == requested, !stopping else { continue loop }
          settled = generation
          condition.broadcast()
        }
        // Waiting releases the lock, so a waiter woken above runs only once this thread sleeps.
        condition.wait()
      case .write(let deadline):
        let frame = pacer.frame
        condition.unlock()
        clock.sleep(until: deadline)
        let start = clock.now()
        do {
          try driver.write(frame)
        } catch  where isTransientFault(error) {
          onFault?(error)
          clock.sleep(until: clock.now() + pause)
          pause = min(pause * 2, Self.maximumFaultPause)
          condition.lock()
          faults += 1
          lastFault = error
          pacer.frameWasNotWritten(at: clock.now())
          condition.broadcast()
          continue loop
        } catch {
          condition.lock()
          failed = error
          break loop
        }
        pause = 20_000_000
        condition.lock()
        writes += 1
        lateness.record(lateness: start > deadline ? start - deadline : 0)
        // Below full brightness the display never idles: settled once a settled period is out.
        if pacer.isSettled && !pacer.isIdle && settled != requested {
          settled = requested
          condition.broadcast()
        }
      }
    }
    exited = true
    condition.broadcast()
    condition.unlock()
  }
}
