import Foundation
import NixieLogging
import NixieSystem
import NixieTestSupport
import NixieWeb
import Testing

/// The frames relay on its own, against a stand-in clock that accepts the subscription and
/// then stays silent: its thread blocks reading, and `stop()` ends that read at once.
struct FrameRelayTests {
  /// Waits (at most 10 s) until `descriptor` is readable.
  static func readable(_ descriptor: FileDescriptor) throws -> Bool {
    try !Poll.readable([descriptor.rawValue], timeout: 10_000_000_000).isEmpty
  }

  @Test func stopEndsTheRelaysBlockedReadAtOnce() throws {
    let path = "@nixie-relay-test-\(UInt32.random(in: 0...UInt32.max))"
    let address = try #require(UnixSocket.Address(path))
    let clock = try UnixSocket(datagram: false)
    try clock.bind(to: address)
    try clock.listen()
    let relay = FrameRelay(socket: path, logger: Logger(label: "test"))
    // The relay's thread, as /proc names it, seen from its own notification.
    let task = Locked("")
    let connected = DispatchSemaphore(value: 0)
    relay.notify { [weak relay] in
      guard let relay, relay.current.connected else { return }
      task.withLock { $0 = ThreadProbe.currentTask() }
      connected.signal()
    }
    try relay.start()
    defer { relay.stop() }
    #expect(try Self.readable(clock.descriptor))
    let subscriber = try #require(try clock.accept())
    #expect(try Self.readable(subscriber.descriptor))
    let request = try subscriber.receive(upTo: 1024) ?? []
    #expect(String(decoding: request, as: UTF8.self).contains("subscribe"))
    #expect(try subscriber.send(Array(#"{"subscribed": "frames"}"#.utf8) + [10]))
    #expect(connected.wait(timeout: .now() + 10) == .success)
    // Blocked in its read of the clock, which sends nothing more.
    #expect(ThreadProbe.waitUntilAsleep(task.withLock { $0 }))
    #expect(ThreadProbe.returnsSoon { relay.stop() })
    #expect(!relay.current.connected)
  }
}
