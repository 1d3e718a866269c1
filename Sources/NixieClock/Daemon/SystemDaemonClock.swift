import NixieSystem

/// The real daemon clock: CLOCK_REALTIME (plus a fixed offset for `--at`), CLOCK_MONOTONIC,
/// and one poll(2) over a realtime timerfd armed with TFD_TIMER_ABSTIME |
/// TFD_TIMER_CANCEL_ON_SET (a clock step ends the wait at once), the signalfd and the
/// wake-up eventfd. The process sleeps in poll between deadlines.
public final class SystemDaemonClock: DaemonClock {
  /// Displayed time minus real time, in nanoseconds (`--at`); 0 normally.
  public let offset: Int64
  private let timer: RealtimeTimer
  private let signals: SignalDescriptor?
  public let wakeUp: WakeUpEvent
  private let monotonic = SystemClock()

  public init(offset: Int64 = 0, signals: SignalDescriptor?, wakeUp: WakeUpEvent) throws(SystemCallError) {
    self.offset = offset
    self.timer = try RealtimeTimer()
    self.signals = signals
    self.wakeUp = wakeUp
  }

  public func wallTime() -> Int64 { SystemClock.wallClockNanoseconds() + offset }

  public func monotonicTime() -> UInt64 { monotonic.now() }

  public func wait(until deadline: Int64) throws(SystemCallError) -> DaemonWake {
    guard try timer.arm(at: deadline - offset) else { return .clockStepped }
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
}
