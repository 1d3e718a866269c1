import NixieClock
import NixieControl
import NixieDisplay
import NixieLogging
import NixieSystem
import NixieText
import Testing

/// Version 3 on a real socket: a state subscriber gets the state at once and again on every
/// change (not on every second), counts among the subscribers, and the requests `nixie mqtt`
/// sends reach the daemon loop or are refused with the clock's words.
struct ControlStateSubscriptionTests {
  typealias LineReader = ControlSubscriptionTests.LineReader

  final class Server {
    let path = SocketHelpers.temporaryPath("states")
    let inbox = ClockInbox()
    let status = ClockStatus()
    let server: ControlServer
    let planner: ClockPlanner

    init(limits: ControlLimits = ControlLimits(), groupDigits: Bool = false) throws {
      let board = try Fixtures.board()
      planner = try ClockRuntimeControlTests.topicPlanner(staleSeconds: 60, groupDigits: groupDigits)
      status.update(ClockStatus.Snapshot(planner: planner, activity: .face(0), night: false))
      let report = ClockStateReport(
        board: board, status: status, editor: nil, frames: nil, timing: { nil }, uptime: { 42_000_000_000 })
      let handler = ControlRequestHandler(formatter: board.formatter, inbox: inbox, report: report)
      let system = SystemClock()
      server = try ControlServer(
        path: path, group: nil, limits: limits, logger: Logger(label: "test"), monotonic: { system.now() },
        frames: FramePublisher(layout: board.layout), states: report, handle: { handler.handle($0) })
      try server.start()
    }

    deinit { server.stop() }

    func subscriber() throws -> LineReader {
      let client = try SocketHelpers.client(path)
      try client.send(Array(ControlRequest.subscribeState.line.utf8) + [10])
      return LineReader(client)
    }

    func ask(_ request: ControlRequest) throws -> String? {
      let client = try SocketHelpers.client(path)
      try client.send(Array(request.line.utf8) + [10])
      return try SocketHelpers.replies(client, count: 1).first
    }

    /// The daemon loop's look at `planner` with `edit` applied.
    func update(_ edit: (inout ClockStatus.Snapshot) -> Void) {
      var snapshot = ClockStatus.Snapshot(planner: planner, activity: .face(0), night: false)
      edit(&snapshot)
      status.update(snapshot)
    }
  }

  static func state(_ line: String?) throws -> JSONValue {
    let line = try #require(line)
    return try #require(try JSONReader.read(Array(line.utf8))["state"])
  }

  @Test func aSubscriberGetsTheStateNowThenOnEachChangeOnly() throws {
    let server = try Server()
    let reader = try server.subscriber()
    #expect(try reader.next() == #"{"ok": true, "subscribed": "state"}"#)
    let first = try Self.state(try reader.next())
    #expect(first["protocol"] == .number("3"))
    #expect(first["display"] == .bool(true))
    #expect(first["face"] == .null)
    #expect(first["uptime_s"] == .number("42"))
    #expect(first["settings"]?["show_seconds"] == .number("5"))
    #expect(first["settings"]?["fade_ms"] == .number("500"))
    #expect(
      first["settings"]?["faces"]
        == .array([
          .object([("format", .string("HH:mm:ss")), ("seconds", .number("5"))]),
          .object([
            ("topic", .string("home/outdoor/temperature")), ("seconds", .number("5")),
            ("decimals", .number("1")),
            ("stale_seconds", .number("60")),
          ]),
        ]))
    #expect(first["shows"] == nil && first["frame_timing"] == nil)
    // The rotation turning changes nothing a subscriber sees: no line. The display going off does.
    server.update { $0.activity = .face(1) }
    server.update { $0.planner.displayOn = false }
    let off = try Self.state(try reader.next())
    #expect(off["display"] == .bool(false))
    server.update {
      $0.planner.displayOn = false
      $0.message = "   42   "
    }
    let message = try Self.state(try reader.next())
    #expect(message["message"] == .string("42"))
  }

  @Test func stateSubscribersCountAmongTheSubscribers() throws {
    let server = try Server(limits: ControlLimits(maximumSubscribers: 1))
    let reader = try server.subscriber()
    #expect(try reader.next() == #"{"ok": true, "subscribed": "state"}"#)
    let second = try server.subscriber()
    #expect(try second.next()?.contains("too many subscribers (at most 1)") == true)
  }

  @Test func theRuntimeRequestsReachTheDaemonLoop() throws {
    let server = try Server()
    #expect(try server.ask(.display(on: false)) == #"{"ok": true}"#)
    #expect(try server.ask(.face(1)) == #"{"ok": true}"#)
    #expect(try server.ask(.face(nil)) == #"{"ok": true}"#)
    #expect(try server.ask(.night(true)) == #"{"ok": true}"#)
    #expect(server.inbox.take() == [.display(on: false), .chooseFace(1), .chooseFace(nil), .setNight(true)])
    #expect(try server.ask(.face(2))?.contains("there is no face 2: the rotation has 2 (0 to 1)") == true)
  }

  /// A face with `group-digits` lays its topic's value out as `show --group-digits` does, and
  /// refuses one that does not fit with its gaps in the same words.
  @Test func aTopicsValueIsLaidOutWithItsFacesGroupedDigits() throws {
    let server = try Server(groupDigits: true)
    let board = try Fixtures.board()
    #expect(try server.ask(.faceValue(topic: "home/outdoor/temperature", value: "12345")) == #"{"ok": true}"#)
    let expected = try board.formatter.format("12345", options: FormatOptions(groupDigits: true))
    #expect(board.layout.text(of: expected) == "12  3 45")
    #expect(server.inbox.take() == [.faceValue(topic: "home/outdoor/temperature", state: expected)])
    let refused = try #require(
      try server.ask(.faceValue(topic: "home/outdoor/temperature", value: "1234567")))
    #expect(refused.contains("it needs 9 tubes (with 2 gaps between groups of digits)"))
  }

  @Test func aTopicsValueIsLaidOutWithItsFacesDecimalsOrRefusedAsShowRefusesIt() throws {
    let server = try Server()
    let board = try Fixtures.board()
    #expect(
      try server.ask(.faceValue(topic: "home/outdoor/temperature", value: "21.456")) == #"{"ok": true}"#)
    let expected = try board.formatter.format("21.5")
    #expect(server.inbox.take() == [.faceValue(topic: "home/outdoor/temperature", state: expected)])
    let refused = try #require(try server.ask(.faceValue(topic: "home/outdoor/temperature", value: "hot")))
    var message = ""
    do { _ = try board.formatter.format("hot") } catch { message = error.description }
    #expect(message.hasPrefix("cannot show"))
    #expect(try JSONReader.read(Array(refused.utf8))["error"] == .string(message))
    let unknown = try #require(try server.ask(.faceValue(topic: "home/indoor", value: "20")))
    #expect(unknown.contains("no face shows the topic 'home/indoor'; faces show 'home/outdoor/temperature'"))
    #expect(server.inbox.take().isEmpty)
  }
}
