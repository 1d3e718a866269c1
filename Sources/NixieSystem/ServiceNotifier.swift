/// Where a service (the clock, `nixie web`) reports its state to a service manager
/// (systemd's sd_notify protocol: `READY=1`, `STATUS=…`, `WATCHDOG=1`, `STOPPING=1`).
/// Injectable for tests.
public protocol ServiceNotifier: AnyObject {
  /// Sends the `KEY=value` assignments in one message.
  func notify(_ assignments: [String]) throws(SystemCallError)
  /// How often to send `WATCHDOG=1` (nanoseconds), or nil when no watchdog is set.
  var watchdogInterval: UInt64? { get }
}
