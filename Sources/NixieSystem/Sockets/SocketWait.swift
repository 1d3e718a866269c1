import Glibc

/// How a client's socket calls wait with a deadline: poll(2) on the monotonic clock
/// (`SocketWait.poll`, for a command such as `nixie send`), or a `WorkerThread`'s wait, which
/// the worker's `stop()` ends at once (`worker(_:)`, for a thread that must stop promptly).
/// Deadlines are monotonic nanoseconds of `now`.
public struct SocketWait: Sendable {
  /// The monotonic clock deadlines are read on.
  public let now: @Sendable () -> UInt64
  /// Waits until `interests` are ready or `timeout` nanoseconds passed (nil: no limit):
  /// nil when the wait was cancelled.
  private let body: @Sendable ([Poll.Interest], UInt64?) throws(SystemCallError) -> [Poll.Readiness]?

  public init(
    now: @escaping @Sendable () -> UInt64,
    wait: @escaping @Sendable ([Poll.Interest], UInt64?) throws(SystemCallError) -> [Poll.Readiness]?
  ) {
    self.now = now
    self.body = wait
  }

  /// poll(2), on CLOCK_MONOTONIC.
  public static let poll = SocketWait(now: { SystemClock().now() }) {
    interests, timeout throws(SystemCallError) in try Poll.wait(interests, timeout: timeout)
  }

  /// The worker's wait, on CLOCK_MONOTONIC: `worker.stop()` cancels it.
  public static func worker(_ worker: WorkerThread) -> SocketWait {
    SocketWait(now: { SystemClock().now() }) { interests, timeout throws(SystemCallError) in
      try worker.wait(for: interests, timeout: timeout)?.descriptors
    }
  }

  /// The error of a wait that was cancelled (the worker is stopping).
  public static let cancelled = SystemCallError("wait", errno: ECANCELED)

  /// Waits until `interest` is ready or `deadline` comes: its readiness, or nil at the
  /// deadline. Throws `cancelled` when the wait is cancelled.
  public func until(_ deadline: UInt64, _ interest: Poll.Interest) throws(SystemCallError) -> Poll.Readiness?
  {
    while true {
      let now = now()
      guard now < deadline else { return nil }
      guard let ready = try body([interest], deadline - now) else { throw Self.cancelled }
      let readiness = ready[0]
      if readiness.readable || readiness.writable || readiness.failed { return readiness }
    }
  }

  /// Pauses for `nanoseconds` (or until `deadline`, if sooner). Throws `cancelled` when the
  /// wait is cancelled.
  public func pause(_ nanoseconds: UInt64, until deadline: UInt64) throws(SystemCallError) {
    let now = now()
    guard now < deadline else { return }
    guard try body([], min(nanoseconds, deadline - now)) != nil else { throw Self.cancelled }
  }
}
