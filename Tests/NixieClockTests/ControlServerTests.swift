import Foundation
import NixieClock
import NixieControl
import NixieDisplay
import NixieLogging
import NixieSystem
import NixieTestSupport
import Synchronization
import Testing

/// The control socket over a real Unix socket: what it accepts, and that nothing a client
/// does gets past an error reply or a closed connection.
struct ControlServerTests {
  final class Server {
    let path = SocketHelpers.temporaryPath("control")
    let inbox = ClockInbox()
    let server: ControlServer
    let log = LogRecord()

    /// A server on a clock that stands still, or on the system's monotonic clock (`realTime`).
    init(limits: ControlLimits = ControlLimits(), realTime: Bool = false) throws {
      let board = try Fixtures.board()
      let handler = ControlRequestHandler(formatter: board.formatter, inbox: inbox)
      let clock = ManualDaemonClock(wall: 0)
      let system = SystemClock()
      server = try ControlServer(
        path: path, group: nil, limits: limits, logger: log.logger,
        monotonic: { realTime ? system.now() : clock.monotonicTime() }, handle: { handler.handle($0) })
      try server.start()
    }

    deinit { server.stop() }

    func ask(_ lines: [String]) throws -> [String] {
      let client = try SocketHelpers.client(path)
      try client.send(Array(lines.map { $0 + "\n" }.joined().utf8))
      return try SocketHelpers.replies(client, count: lines.count)
    }
  }

  @Test func aValidRequestIsAnsweredOkAndReachesTheClock() throws {
    let server = try Server()
    let replies = try server.ask([
      #"{"show": "1234", "seconds": 5, "transition": "slot"}"#, #"{"clear": true}"#,
    ])
    #expect(replies == [#"{"ok": true}"#, #"{"ok": true}"#])
    let state = try Fixtures.board().formatter.format("1234")
    #expect(server.inbox.take() == [.show(state, seconds: 5, transition: .slot, text: "1234"), .clear])
  }

  @Test func groupedDigitsAreLaidOutWithTheirGapsOrRefusedNamingTheTubesTheyNeed() throws {
    let server = try Server()
    let replies = try server.ask([
      #"{"show": "12345", "group-digits": true}"#, #"{"show": "1234567", "group-digits": true}"#,
      #"{"show": "12345", "group-digits": "yes"}"#,
    ])
    #expect(replies.first == #"{"ok": true}"#)
    #expect(
      replies.dropFirst().first?.contains("it needs 9 tubes (with 2 gaps between groups of digits)") == true)
    #expect(replies.last == #"{"error": "'group-digits' must be true or false"}"#)
    let board = try Fixtures.board()
    let state = try board.formatter.format("12345", options: FormatOptions(groupDigits: true))
    #expect(board.layout.text(of: state) == "12  3 45")
    #expect(server.inbox.take() == [.show(state, seconds: nil, transition: nil, text: "12345")])
  }

  @Test func theSocketFileIsReadableAndWritableByOwnerAndGroupOnly() throws {
    let server = try Server()
    var info = stat()
    #expect(stat(server.path, &info) == 0)
    #expect(info.st_mode & 0o777 == 0o660)
  }

  @Test(arguments: [
    ("not json", "not JSON"), ("[1, 2]", "expected a JSON object"), (#"{"show": true}"#, "'show' must be"),
    (#"{"show": "12", "seconds": -1}"#, "'seconds' must be"),
    (#"{"show": "12", "seconds": 1e9}"#, "'seconds'"),
    (#"{"show": "12", "transition": "wobble"}"#, "'transition' must be"),
    (#"{"shout": "12"}"#, "unknown key 'shout'"),
    (#"{"show": "12-4"}"#, "no cathode for '-'"), (#"{"show": "1234567"}"#, "needs 7 tubes"),
    (String(repeating: "[", count: 1000), "not JSON"),
    ("{\"show\": \"\u{0}\"}", "control character must be escaped"),
    (#"{"show": "\u0000"}"#, "no cathode"),
  ])
  func aMalformedOrUnshowableRequestGetsAnErrorAndTheClockHearsNothing(_ line: String, _ named: String) throws
  {
    let server = try Server()
    let replies = try server.ask([line, #"{"show": "42"}"#])
    #expect(replies.count == 2)
    #expect(
      replies.first?.hasPrefix(#"{"error": "#) == true && replies.first?.contains(named) == true, "\(replies)"
    )
    #expect(replies.last == #"{"ok": true}"#)
    #expect(server.inbox.take().count == 1)
  }

  @Test func anOversizedLineIsRefusedAndTheNextLineStillWorks() throws {
    let server = try Server(limits: ControlLimits(maximumLineBytes: 100))
    let long = #"{"show": ""# + String(repeating: "9", count: 5000) + #""}"#
    let replies = try server.ask([long, #"{"show": "42"}"#])
    #expect(replies == [#"{"error": "line too long: at most 100 bytes"}"#, #"{"ok": true}"#])
  }

  @Test func aFloodIsRateLimitedAndAPersistentFlooderIsDisconnected() throws {
    let server = try Server(limits: ControlLimits(requestsPerSecond: 5, maximumRefusals: 20))
    let client = try SocketHelpers.client(server.path)
    let flood = Array(repeating: #"{"show": "1"}"# + "\n", count: 200).joined()
    _ = try? client.send(Array(flood.utf8))
    let replies = try SocketHelpers.replies(client, count: 200)
    // The manual clock stands still: a burst of 10 passes, then every request is refused
    // until the connection is dropped after 20 refusals.
    #expect(replies.filter { $0 == #"{"ok": true}"# }.count == 10)
    #expect(replies.filter { $0.contains("too many requests") }.count == 21)
    #expect(replies.count == 31)
    #expect(server.inbox.take().count == 10)
  }

  @Test func aClientThatHangsUpMidLineIsHarmless() throws {
    let server = try Server()
    do {
      let client = try SocketHelpers.client(server.path)
      try client.send(Array(#"{"show": "12"#.utf8))
    }
    #expect(try server.ask([#"{"show": "34"}"#]) == [#"{"ok": true}"#])
    let state = try Fixtures.board().formatter.format("34")
    // No seconds or transition named: the clock's, as configured when it is shown.
    #expect(server.inbox.take() == [.show(state, seconds: nil, transition: nil, text: "34")])
  }

  @Test func reloadedLimitsApplyToTheNextRequests() throws {
    let server = try Server(limits: ControlLimits(maximumLineBytes: 64))
    let padded = #"{"show": "1234",                                             "seconds": 5}"#
    #expect(padded.utf8.count > 64)
    #expect(try server.ask([padded]).first?.contains("line too long: at most 64 bytes") == true)
    server.server.update(limits: ControlLimits(maximumLineBytes: 1024))
    #expect(server.server.limits.maximumLineBytes == 1024)
    #expect(try server.ask([padded]) == [#"{"ok": true}"#])
  }

  @Test func idleClientsCannotLockOthersOut() throws {
    let server = try Server(limits: ControlLimits(maximumClients: 2))
    let idle = try (0..<8).map { _ in try SocketHelpers.client(server.path) }
    // Each newcomer took the place of the idle client closest to its deadline.
    #expect(try server.ask([#"{"show": "42"}"#]) == [#"{"ok": true}"#])
    let evicted = try SocketHelpers.replies(idle[0], count: 1)
    #expect(evicted == [#"{"error": "too many clients; try again", "busy": true}"#])
  }

  @Test func aClientThatSendsNothingIsClosedAtItsDeadline() throws {
    let server = try Server(limits: ControlLimits(requestDeadline: 200_000_000), realTime: true)
    let idle = try SocketHelpers.client(server.path)
    let opened = SystemClock().now()
    // The server closes it: the read ends with end of stream, not the 2 s receive timeout.
    #expect(try idle.receive(upTo: 16) == [])
    #expect(SystemClock().now() - opened < 1_900_000_000)
    let talker = try SocketHelpers.client(server.path)
    try talker.send(Array(#"{"show": "1"}"#.utf8) + [10])
    #expect(try SocketHelpers.replies(talker, count: 1) == [#"{"ok": true}"#])
  }

  @Test func aStaleSocketFileIsReplacedButALiveServerIsNot() throws {
    let server = try Server()
    #expect(throws: ListeningSocketFile.Failure.self) {
      _ = try ControlServer(
        path: server.path, group: nil, limits: ControlLimits(), logger: server.log.logger, monotonic: { 0 },
        handle: { _ in .ok })
    }
    server.server.stop()
    let stale = try UnixSocket(datagram: false)
    try stale.bind(to: try SocketHelpers.address(server.path))
    let replacement = try ControlServer(
      path: server.path, group: nil, limits: ControlLimits(), logger: server.log.logger, monotonic: { 0 },
      handle: { _ in .ok })
    try replacement.start()
    try ControlClient.send(.clear, to: server.path)
    replacement.stop()
  }

  @Test func theClientSaysSoWhenNoClockIsListening() throws {
    let path = SocketHelpers.temporaryPath("absent")
    #expect {
      _ = try ControlClient.send(.clear, to: path)
    } throws: { error in
      "\(error)".contains("no nixie clock is listening on \(path)")
    }
  }
}
