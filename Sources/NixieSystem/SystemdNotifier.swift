/// The sd_notify protocol spoken directly: one datagram of newline-separated `KEY=value`
/// lines to the AF_UNIX socket named by `$NOTIFY_SOCKET` (a path, or `@name` in the abstract
/// namespace). No libsystemd needed.
public final class SystemdNotifier: ServiceNotifier {
  public let address: UnixSocket.Address
  public let watchdogInterval: UInt64?
  private let socket: UnixSocket

  /// A notifier for the service manager named in `environment`, or nil when there is none
  /// (`NOTIFY_SOCKET` unset: not started by systemd as `Type=notify`).
  public convenience init?(environment: [String: String], processID: Int32 = CurrentProcess.id)
    throws(SystemCallError)
  {
    guard let name = environment["NOTIFY_SOCKET"], let address = UnixSocket.Address(name) else { return nil }
    try self.init(
      address: address,
      watchdogInterval: Self.watchdogInterval(environment: environment, processID: processID))
  }

  public init(address: UnixSocket.Address, watchdogInterval: UInt64?) throws(SystemCallError) {
    self.address = address
    self.watchdogInterval = watchdogInterval
    socket = try UnixSocket(datagram: true)
  }

  public func notify(_ assignments: [String]) throws(SystemCallError) {
    try socket.send(Array(assignments.joined(separator: "\n").utf8), to: address)
  }

  /// Half of `$WATCHDOG_USEC` (as sd_watchdog_enabled advises), when it is set and — if
  /// `$WATCHDOG_PID` is given — meant for this process.
  public static func watchdogInterval(environment: [String: String], processID: Int32) -> UInt64? {
    guard let text = environment["WATCHDOG_USEC"], let microseconds = UInt64(text), microseconds > 0 else {
      return nil
    }
    if let pid = environment["WATCHDOG_PID"], Int32(pid) != processID { return nil }
    return microseconds * 1000 / 2
  }
}
