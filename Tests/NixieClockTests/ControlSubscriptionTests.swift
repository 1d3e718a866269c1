import NixieClock
import NixieClockSettings
import NixieControl
import NixieLogging
import NixieSystem
import NixieText
import NixieTransitions
import Testing

/// Version 2 on a real socket: `state` and `set` answer with data, a subscriber gets the frames
/// as they are planned, subscribers are limited, and one that does not read is dropped while
/// the others go on.
struct ControlSubscriptionTests {
  /// Lines from a socket, kept across reads.
  final class LineReader {
    let socket: UnixSocket
    private var buffer: [UInt8] = []

    init(_ socket: UnixSocket) { self.socket = socket }

    /// The next line; nil at end of stream or after the socket's receive timeout.
    func next() throws -> String? {
      while true {
        if let newline = buffer.firstIndex(of: 10) {
          let line = String(decoding: buffer[..<newline], as: UTF8.self)
          buffer.removeFirst(newline + 1)
          return line
        }
        guard let chunk = try socket.receive(upTo: 65536), !chunk.isEmpty else { return nil }
        buffer += chunk
      }
    }

    /// Reads lines until one contains `text` (at most `limit` lines).
    func wait(for text: String, limit: Int = 100) throws -> String? {
      for _ in 0..<limit {
        guard let line = try next() else { return nil }
        if line.contains(text) { return line }
      }
      return nil
    }
  }

  final class Server {
    let path = SocketHelpers.temporaryPath("subscribe")
    let inbox = ClockInbox()
    let frames: FramePublisher
    let server: ControlServer
    let board = try? Fixtures.board()

    init(limits: ControlLimits = ControlLimits()) throws {
      let board = try Fixtures.board()
      frames = FramePublisher(layout: board.layout)
      let handler = ControlRequestHandler(formatter: board.formatter, inbox: inbox)
      let system = SystemClock()
      server = try ControlServer(
        path: path, group: nil, limits: limits, logger: Logger(label: "test"), monotonic: { system.now() },
        frames: frames, handle: { handler.handle($0) })
      try server.start()
    }

    deinit { server.stop() }

    func show(_ text: String) throws {
      let board = try Fixtures.board()
      frames.planned(.steady(try board.formatter.format(text)), brightness: 0.5)
    }

    func subscriber() throws -> LineReader {
      let client = try SocketHelpers.client(path)
      try client.send(Array(ControlRequest.subscribe.line.utf8) + [10])
      return LineReader(client)
    }
  }

  @Test func aSubscriberGetsTheFrameNowThenEachNewOne() throws {
    let server = try Server()
    try server.show("12:34:56")
    let reader = try server.subscriber()
    #expect(try reader.next() == #"{"ok": true, "subscribed": "frames"}"#)
    let first = try #require(try reader.next())
    #expect(first.hasPrefix(#"{"frame": {"mono_ns": "#))
    #expect(first.contains(#""text": "12:34:56", "brightness": 0.5, "settled": true"#))
    #expect(
      first.contains(
        #""duties": [{"1": 1}, {"2": 1}, {"upper": 1, "lower": 1}, {"3": 1}, {"4": 1}, {"upper": 1, "lower": 1}, {"5": 1}, {"6": 1}]"#
      ))
    try server.show("65:43:21")
    #expect(try reader.wait(for: #""text": "65:43:21""#, limit: 1) != nil)
  }

  /// While the tubes stand still, a subscriber still hears from the clock each second, so a
  /// stopped clock can be told from a still display.
  @Test func aQuietClockSaysItIsAliveEverySecond() throws {
    let server = try Server()
    try server.show("12:34:56")
    let reader = try server.subscriber()
    #expect(try reader.next()?.contains("subscribed") == true)
    #expect(try reader.next()?.contains(#""text": "12:34:56""#) == true)
    #expect(try reader.next() == #"{"alive": true}"#)
    #expect(try reader.next() == #"{"alive": true}"#)
  }

  @Test func aCrossFadeIsSampledAsItRuns() throws {
    let server = try Server()
    let board = try Fixtures.board()
    let from = try board.formatter.format("111111")
    let to = try board.formatter.format("222222")
    let now = SystemClock().now()
    // Two seconds, some fifty samples at 25 a second: the server's thread is late on a loaded
    // machine, and of a 400 ms fade it once sampled only four (issue 38).
    let timeline = TransitionPlanner.plan(
      from: CathodeDuties(from, layout: board.layout), to: to, layout: board.layout,
      transition: TransitionSpec(.crossfade, duration: 2_000_000_000), at: now)
    let reader = try server.subscriber()
    #expect(try reader.next()?.contains("subscribed") == true)
    #expect(try reader.next()?.contains(#""settled": true"#) == true)
    server.frames.planned(timeline, brightness: 1)
    // Mid-way, both digits glow at once, each for part of the period.
    var lines: [String] = []
    while let line = try reader.next() {
      lines.append(line)
      if line.contains(#""settled": true"#) { break }
    }
    #expect(lines.contains { $0.contains(#"{"1": 0."#) && $0.contains(#", "2": 0."#) }, "\(lines)")
    #expect(lines.last?.contains(#"{"2": 1}"#) == true)
    #expect(lines.count >= 5)
  }

  @Test func subscribersAreLimitedAndTheRefusalSaysBusy() throws {
    let server = try Server(limits: ControlLimits(maximumSubscribers: 2))
    let readers = try (0..<2).map { _ in try server.subscriber() }
    for reader in readers { #expect(try reader.next() == #"{"ok": true, "subscribed": "frames"}"#) }
    let third = try server.subscriber()
    #expect(
      try third.next() == #"{"error": "too many subscribers (at most 2); try again later", "busy": true}"#)
    // Requests still work beside them.
    let client = try SocketHelpers.client(server.path)
    try client.send(Array(#"{"clear": true}"#.utf8) + [10])
    #expect(try SocketHelpers.replies(client, count: 1) == [#"{"ok": true}"#])
  }

  @Test func aSubscriberThatDoesNotReadIsDroppedAndTheOthersGoOn() throws {
    let server = try Server(limits: ControlLimits(maximumSubscribers: 2, maximumPendingBytes: 4096))
    let sleeper = try server.subscriber()
    let reader = try server.subscriber()
    _ = try reader.wait(for: "subscribed")
    // Each plan differs from the last; the reader sees each one before the next, so the
    // frames cannot coalesce and the sleeper's socket buffer and queue fill up.
    var freed = false
    for index in 0..<5000 {
      try server.show(index % 2 == 0 ? "12:12:12" : "34:34:34")
      try #require(try reader.wait(for: index % 2 == 0 ? "12:12:12" : "34:34:34") != nil)
      if index % 100 == 99 {
        let probe = try server.subscriber()
        if try probe.next() == #"{"ok": true, "subscribed": "frames"}"# {
          freed = true
          break
        }
      }
    }
    #expect(freed, "the sleeper was never dropped")
    // The sleeper finds what the kernel had taken, then the end of the stream.
    var lines = 0
    while try sleeper.next() != nil { lines += 1 }
    #expect(lines > 10)
  }

  @Test func stateAndSetAnswerWithData() throws {
    let folder = try ClockOverridesTests.folder()
    let settings = try ClockOverridesTests.settings(folder)
    let board = try Fixtures.board()
    let inbox = ClockInbox()
    let editor = ClockSettingsEditor(
      settings: settings, board: board, base: try settings.loadBase(), overrides: ClockOverrides(),
      inbox: inbox)
    let frames = FramePublisher(layout: board.layout)
    frames.planned(.steady(try board.formatter.format("12:34:56")), brightness: 1)
    let status = ClockStatus()
    status.update(
      ClockStatus.Snapshot(planner: try settings.load().planner(for: board), activity: nil, night: false))
    let handler = ControlRequestHandler(
      formatter: board.formatter, inbox: inbox, editor: editor,
      report: ClockStateReport(board: board, status: status, editor: editor, frames: frames, timing: { nil }))
    let path = SocketHelpers.temporaryPath("state")
    let server = try ControlServer(
      path: path, group: nil, limits: ControlLimits(), logger: Logger(label: "test"), monotonic: { 0 },
      frames: frames, handle: { handler.handle($0) })
    try server.start()
    defer { server.stop() }
    let client = try SocketHelpers.client(path)
    var change = ClockSettingsChange()
    change.brightness = .set(40)
    try client.send(
      Array((ControlRequest.state.line + "\n" + ControlRequest.change(change).line + "\n").utf8))
    let replies = try SocketHelpers.replies(client, count: 2)
    try #require(replies.count == 2)
    let state = try JSONReader.read(Array(replies[0].utf8))
    #expect(state["ok"] == .bool(true))
    #expect(state["state"]?["protocol"] == .number("3"))
    #expect(state["state"]?["board"] == .string("hv5622-6xin14"))
    #expect(state["state"]?["settings"]?["timezone"] == .string("Europe/Berlin"))
    #expect(state["state"]?["settings"]?["brightness"] == .number("90"))
    #expect(state["state"]?["shows"]?["text"] == .string("12:34:56"))
    #expect(replies[1] == #"{"ok": true, "saved": true}"#)
    guard case .reconfigure(let configuration)? = inbox.take().first else {
      Issue.record("the clock heard nothing")
      return
    }
    #expect(configuration.brightness == 0.4)
  }
}
