import Foundation
import NixieClock
import NixieSystem
import Testing

/// sd_notify spoken directly, checked by a real datagram socket standing in for systemd.
struct SystemdNotifierTests {
  @Test(arguments: [false, true])
  func messagesArriveAsOneDatagramAtAPathOrAnAbstractName(_ abstract: Bool) throws {
    let name = abstract ? "@nixie-test-\(UUID().uuidString)" : SocketHelpers.temporaryPath("notify")
    defer { if !abstract { unlink(name) } }
    let listener = try SocketHelpers.datagramListener(at: try SocketHelpers.address(name))
    let notifier = try #require(try SystemdNotifier(environment: ["NOTIFY_SOCKET": name]))
    try notifier.notify(["READY=1", "STATUS=running"])
    try notifier.notify(["WATCHDOG=1"])
    #expect(try SocketHelpers.receiveText(listener) == "READY=1\nSTATUS=running")
    #expect(try SocketHelpers.receiveText(listener) == "WATCHDOG=1")
  }

  @Test func withoutNotifySocketThereIsNoNotifier() throws {
    #expect(try SystemdNotifier(environment: [:]) == nil)
  }

  @Test(arguments: [
    (["WATCHDOG_USEC": "20000000"], UInt64?(10_000_000_000)),
    (["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "42"], UInt64?(10_000_000_000)),
    (["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "7"], nil), (["WATCHDOG_USEC": "soon"], nil), ([:], nil),
  ])
  func theWatchdogIntervalIsHalfTheTimeoutForThisProcess(_ environment: [String: String], _ expected: UInt64?)
  {
    #expect(SystemdNotifier.watchdogInterval(environment: environment, processID: 42) == expected)
  }
}
