import NixieSystem

/// The real daemon clock: CLOCK_REALTIME (plus a fixed offset for `--at`), CLOCK_MONOTONIC,
/// and one poll(2) over a realtime timerfd armed with TFD_TIMER_ABSTIME |
/// TFD_TIMER_CANCEL_ON_SET (a clock step ends the wait at once), the signalfd and the
/// wake-up eventfd. The process sleeps in poll between deadlines. Under `--speed` the
/// displayed time and the daemon's monotonic time run at a `DisplayedPace` from the start
/// instead (the system clock's steps no longer move them).
public final class SystemDaemonClock: DaemonClock {
  /// Displayed time minus real time, in nanoseconds (`--at`); 0 normally.
  public let offset: Int64
  /// The pace of `--speed`; nil at real speed.
  public let pace: DisplayedPace?
  private let timer: RealtimeTimer
  private let signals: SignalDescriptor?
  public let wakeUp: WakeUpEvent
  private let monotonic = SystemClock()

  public init(
    offset: Int64 = 0, speed: Int = 1, signals: SignalDescriptor?, wakeUp: WakeUpEvent
  ) throws(SystemCallError) {
    self.offset = offset
    pace =
      speed == 1
      ? nil
      : DisplayedPace(
        speed: speed, startWall: SystemClock.wallClockNanoseconds() &+ offset,
        startMonotonic: SystemClock().now()
      )
    self.timer = try RealtimeTimer()
    self.signals = signals
    self.wakeUp = wakeUp
  }

  public func wallTime() -> Int64 {
    guard let pace else { return SystemClock.wallClockNanoseconds() &+ offset }
    return pace.wall(atMonotonic: monotonic.now())
  }

  public func monotonicTime() -> UInt64 {
    let now = monotonic.now()
    return pace?.monotonic(at: now) ?? now
  }

  /// The displayed time when the machine's monotonic clock read `machineMonotonic` (the frame
  /// thread's time of a frame, for the frames log).
  public func displayedTime(atMachineMonotonic machineMonotonic: UInt64) -> Int64 {
    if let pace { return pace.wall(atMonotonic: machineMonotonic) }
    let now = monotonic.now()
    return wallTime() &- (Int64(clamping: now) &- Int64(clamping: machineMonotonic))
  }

  public func wait(until deadline: Int64) throws(SystemCallError) -> DaemonWake {
    guard try timer.arm(at: realDeadline(of: deadline)) else { return .clockStepped }
    var descriptors = [timer.descriptor.rawValue, wakeUp.descriptor.rawValue]
    if let signals { descriptors.append(signals.descriptor.rawValue) }
    while true {
      let ready = try Poll.readable(descriptors, timeout: nil)
      if ready.contains(2), let signal = try signals?.next() { return .signal(signal) }
      if ready.contains(0) {
        switch try timer.read() {
        case .clockStepped: return .clockStepped
        case .fired: return .deadline
        case .pending: break
        }
      }
      if ready.contains(1) {
        wakeUp.drain()
        return .woken
      }
    }
  }

  /// The daemon's monotonic time that passes while `real` nanoseconds pass (`--duration` is
  /// real seconds, the daemon counts its own).
  public func daemonDuration(ofReal real: UInt64) -> UInt64 {
    pace?.daemonInterval(ofReal: real) ?? real
  }

  /// The system clock's time (CLOCK_REALTIME) at which the displayed clock reaches `deadline`.
  private func realDeadline(of deadline: Int64) -> Int64 {
    guard let pace else { return deadline &- offset }
    return SystemClock.wallClockNanoseconds() &+ pace.realInterval(deadline &- wallTime())
  }
}
