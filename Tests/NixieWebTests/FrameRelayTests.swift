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

  /// A clock that goes quiet (stopped with SIGSTOP: its subscription stays open, nothing comes)
  /// is reported not answering after the relay's silence, and live again at its next line.
  @Test func aSilentClockIsNotAnsweringUntilItSpeaksAgain() throws {
    let path = "@nixie-relay-silent-\(UInt32.random(in: 0...UInt32.max))"
    let clock = try UnixSocket(datagram: false)
    try clock.bind(to: try #require(UnixSocket.Address(path)))
    try clock.listen()
    let relay = FrameRelay(socket: path, logger: Logger(label: "test"), silence: 200_000_000)
    let seen = Locked<[FrameRelay.Reach]>([])
    let changed = DispatchSemaphore(value: 0)
    relay.notify { [weak relay] in
      guard let reach = relay?.current.reach else { return }
      let new = seen.withLock { reaches in
        guard reaches.last != reach else { return false }
        reaches.append(reach)
        return true
      }
      if new { changed.signal() }
    }
    try relay.start()
    defer { relay.stop() }
    #expect(try Self.readable(clock.descriptor))
    let subscriber = try #require(try clock.accept())
    #expect(try Self.readable(subscriber.descriptor))
    _ = try subscriber.receive(upTo: 1024)
    #expect(try subscriber.send(Array(#"{"ok": true, "subscribed": "frames"}"#.utf8) + [10]))
    #expect(changed.wait(timeout: .now() + 10) == .success)
    #expect(changed.wait(timeout: .now() + 10) == .success)
    #expect(seen.withLock { $0 } == [.live, .notAnswering])
    #expect(try subscriber.send(Array(#"{"alive": true}"#.utf8) + [10]))
    #expect(changed.wait(timeout: .now() + 10) == .success)
    #expect(seen.withLock { $0 } == [.live, .notAnswering, .live])
  }

  /// A clock whose queue is full (stopped, many clients waiting): the relay's connect ends at
  /// its deadline with "not answering", and `stop()` ends it at once meanwhile.
  @Test func aClockThatTakesNoConnectionIsNotAnswering() throws {
    let path = "@nixie-relay-full-\(UInt32.random(in: 0...UInt32.max))"
    let address = try #require(UnixSocket.Address(path))
    let clock = try UnixSocket(datagram: false)
    try clock.bind(to: address)
    try clock.listen(backlog: 0)
    var queued: [UnixSocket] = []
    while true {
      let socket = try UnixSocket(datagram: false)
      try socket.descriptor.setNonBlocking()
      guard (try? socket.connect(to: address)) != nil, queued.count < 64 else { break }
      queued.append(socket)
    }
    let relay = FrameRelay(socket: path, logger: Logger(label: "test"))
    let notAnswering = DispatchSemaphore(value: 0)
    relay.notify { [weak relay] in
      if relay?.current.reach == .notAnswering { notAnswering.signal() }
    }
    try relay.start()
    #expect(notAnswering.wait(timeout: .now() + 10) == .success)
    #expect(ThreadProbe.returnsSoon { relay.stop() })
    withExtendedLifetime(queued) {}
  }
}
