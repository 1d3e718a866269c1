import NixieBoards
import NixieClock
import NixieControl
import NixieLogging
import NixieSystem
import NixieTestSupport
import NixieWeb
import Testing

/// The web server on real loopback sockets: answers with the security headers and closes,
/// refuses hostile requests with their status, closes a client too slow to send its request,
/// makes room for newcomers, and relays the clock's frames as server-sent events.
struct WebServerTests {
  final class Rig {
    let server: WebServer
    let address: TCPSocket.Address

    init(
      limits: HTTPLimits = HTTPLimits(), relay: FrameRelay? = nil,
      clock: any ClockLink = WebAppTests.FakeClock(), password: PasswordHash? = nil,
      verifier: PasswordVerifier = PasswordVerifier(), requests: ClockRequests = ClockRequests()
    )
      throws
    {
      var configuration = WebConfiguration()
      configuration.listen = [try #require(TCPSocket.Address("127.0.0.1:0"))]
      configuration.passwordHash = password
      let counter = WebAppTests.Counter()
      let app = WebApp(configuration: configuration, clock: clock, random: { counter.bytes($0) })
      let system = SystemClock()
      server = try WebServer(
        app: app, relay: relay, limits: limits, verifier: verifier, requests: requests,
        logger: Logger(label: "test"), monotonic: { system.now() })
      address = try #require(server.addresses.first)
      try server.start()
    }

    deinit { server.stop() }

    func connect() throws -> TCPSocket {
      let socket = try TCPSocket.connect(to: address)
      try socket.setReceiveTimeout(milliseconds: 3000)
      return socket
    }

    /// Sends `text` and reads until the server closes (or 3 s pass).
    func exchange(_ text: String) throws -> String {
      let socket = try connect()
      try socket.sendAll(Array(text.utf8))
      return try Self.readToEnd(socket)
    }

    static func readToEnd(_ socket: TCPSocket) throws -> String {
      var reply: [UInt8] = []
      while let chunk = try socket.receiveAvailable(upTo: 65_536), !chunk.isEmpty { reply += chunk }
      return String(decoding: reply, as: UTF8.self)
    }
  }

  @Test func aPageIsServedWithTheSecurityHeadersAndTheConnectionCloses() throws {
    let rig = try Rig()
    let reply = try rig.exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
    for header in [
      "Content-Type: text/html; charset=utf-8", "X-Content-Type-Options: nosniff", "X-Frame-Options: DENY",
      "Content-Security-Policy: default-src 'none'; script-src 'self'", "Connection: close",
    ] {
      #expect(reply.contains("\r\n" + header), "\(header)")
    }
    #expect(reply.hasSuffix("</html>\n"))
    let head = try rig.exchange("HEAD /app.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(head.hasSuffix("\r\n\r\n"))
  }

  @Test(arguments: [
    ("POST /api/settings HTTP/1.1\r\nHost: h\r\nContent-Length: 99999\r\n\r\n", "413 Content Too Large"),
    ("GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n", "501 Not Implemented"),
    ("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\u{00}\u{01}\u{fc}\u{03}\u{03}\r\n\r\n", "400 Bad Request"),
    ("GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n", "403 Forbidden"),
  ])
  func aHostileRequestGetsItsStatusOnTheWire(_ text: String, _ status: String) throws {
    let rig = try Rig()
    let reply = try rig.exchange(text)
    #expect(reply.hasPrefix("HTTP/1.1 " + status + "\r\n"), "\(reply.prefix(80))")
    #expect(reply.contains("\r\n\r\n{\"error\": \""))
  }

  @Test func aClientTooSlowToSendItsRequestIsClosed() throws {
    var limits = HTTPLimits()
    limits.requestDeadline = 200_000_000
    let rig = try Rig(limits: limits)
    let slow = try rig.connect()
    try slow.sendAll(Array("GET / HTTP/1.1\r\nHo".utf8))
    let started = SystemClock().now()
    #expect(try Rig.readToEnd(slow).hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
    #expect(SystemClock().now() - started < 2_500_000_000)
    #expect(try rig.exchange("GET /app.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").hasPrefix("HTTP/1.1 200"))
  }

  /// A control socket that takes connections and never answers: a clock stopped with SIGSTOP.
  static func silentClock() throws -> (path: String, listener: UnixSocket) {
    let path = "/tmp/nixie-web-silent-\(UInt32.random(in: 0...UInt32.max)).sock"
    let listener = try UnixSocket(datagram: false)
    try listener.bind(to: try #require(UnixSocket.Address(path)))
    try listener.listen()
    return (path, listener)
  }

  /// While a request waits for a clock that does not answer, the server serves everyone else,
  /// and stopping it (SIGTERM) ends that wait at once.
  @Test func aStoppedClockHoldsUpNoOneElse() throws {
    let (path, listener) = try Self.silentClock()
    defer { FileSystem.remove(path) }
    let requests = ClockRequests()
    let link = ControlSocketLink(path: path, timeoutMilliseconds: 60_000, waiting: requests.wait)
    let rig = try Rig(clock: link, requests: requests)
    let waiting = try rig.connect()
    try waiting.sendAll(Array("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
    #expect(try Poll.readable([listener.descriptor.rawValue], timeout: 10_000_000_000) == [0])
    for _ in 0..<3 {
      #expect(try rig.exchange("GET /app.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").hasPrefix("HTTP/1.1 200"))
    }
    let server = rig.server
    #expect(ThreadProbe.returnsSoon { server.stop() })
  }

  @Test func aClockThatDoesNotAnswerInTimeIsSaidSo() throws {
    let (path, listener) = try Self.silentClock()
    defer { FileSystem.remove(path) }
    let requests = ClockRequests()
    let rig = try Rig(
      clock: ControlSocketLink(path: path, timeoutMilliseconds: 200, waiting: requests.wait),
      requests: requests)
    let reply = try rig.exchange("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    #expect(reply.hasPrefix("HTTP/1.1 504 Gateway Timeout\r\n"), "\(reply.prefix(80))")
    #expect(reply.contains("clock not answering"))
    withExtendedLifetime(listener) {}
  }

  @Test func idleConnectionsCannotLockOthersOut() throws {
    var limits = HTTPLimits()
    limits.maximumConnections = 4
    let rig = try Rig(limits: limits)
    let idle = try (0..<6).map { _ in try rig.connect() }
    #expect(try rig.exchange("GET /app.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").hasPrefix("HTTP/1.1 200"))
    #expect(try Rig.readToEnd(idle[0]).hasPrefix("HTTP/1.1 503 Service Unavailable"))
  }

  @Test func viewersGetTheClocksFramesAsServerSentEvents() throws {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    let frames = FramePublisher(layout: board.layout)
    frames.planned(.steady(try board.formatter.format("12:34:56")), brightness: 1)
    let path = "/tmp/nixie-web-\(UInt32.random(in: 0...UInt32.max)).sock"
    let handler = ControlRequestHandler(formatter: board.formatter, inbox: ClockInbox())
    let system = SystemClock()
    let control = try ControlServer(
      path: path, group: nil, limits: ControlLimits(), logger: Logger(label: "test"),
      monotonic: { system.now() },
      frames: frames, handle: { handler.handle($0) })
    try control.start()
    defer { control.stop() }
    let relay = FrameRelay(socket: path, logger: Logger(label: "test"))
    try relay.start()
    defer { relay.stop() }
    let rig = try Rig(relay: relay)
    let viewer = try rig.connect()
    try viewer.sendAll(Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
    var text = ""
    func read(until needle: String) throws -> Bool {
      for _ in 0..<50 {
        if text.contains(needle) { return true }
        guard let chunk = try viewer.receiveAvailable(upTo: 65_536), !chunk.isEmpty else { return false }
        text += String(decoding: chunk, as: UTF8.self)
      }
      return text.contains(needle)
    }
    #expect(try read(until: "Content-Type: text/event-stream"))
    #expect(try read(until: #"data: {"mono_ns": "#))
    #expect(try read(until: #""text": "12:34:56""#))
    frames.planned(.steady(try board.formatter.format("65:43:21")), brightness: 0.5)
    #expect(try read(until: #""text": "65:43:21", "brightness": 0.5"#))
    #expect(text.contains("event: clock\ndata: {\"connected\": true, \"reach\": \"live\"}\n\n"))
  }

  /// A password check that waits for the test's permission: each check takes one permit,
  /// counts itself as started, and gives up (false) after 10 s without one, so a failing test
  /// cannot hang the verifier's thread.
  final class Gate: @unchecked Sendable {
    private let condition = Condition()
    private var permits = 0
    private var started = 0

    func check(_ hash: PasswordHash, _ password: String) -> Bool {
      condition.withLock {
        started += 1
        condition.broadcast()
        let deadline = SystemClock().now() + 10_000_000_000
        while permits == 0 {
          guard condition.wait(until: deadline) else { return false }
        }
        permits -= 1
        return true
      }
        && hash.verify(password)
    }

    func permit() {
      condition.withLock {
        permits += 1
        condition.broadcast()
      }
    }

    /// Waits (at most `within`, 10 s) until `count` checks have started.
    func waitForStarted(_ count: Int, within nanoseconds: UInt64 = 10_000_000_000) -> Bool {
      condition.withLock {
        let deadline = SystemClock().now() + nanoseconds
        while started < count {
          guard condition.wait(until: deadline) else { return false }
        }
        return true
      }
    }
  }

  @Test func theServerAnswersOthersWhileALoginIsChecked() throws {
    let gate = Gate()
    let clock = WebAppTests.FakeClock { _ in
      .success(.object([("ok", .bool(true)), ("state", .object([("board", .string("test"))]))]))
    }
    let rig = try Rig(
      clock: clock, password: try PasswordHash.make(password: "s3cret pass", cost: 1),
      verifier: PasswordVerifier(capacity: 1, check: { gate.check($0, $1) }))
    let form =
      "POST /login HTTP/1.1\r\nHost: clock.local\r\nContent-Type: application/x-www-form-urlencoded\r\n"
    func login(_ password: String) throws -> TCPSocket {
      let socket = try rig.connect()
      let body = "password=" + password
      try socket.sendAll(Array((form + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8))
      return socket
    }
    // A first login, let through at once, gives a session.
    gate.permit()
    let first = try Rig.readToEnd(try login("s3cret+pass"))
    #expect(first.hasPrefix("HTTP/1.1 303 See Other\r\n"), "\(first.prefix(80))")
    let cookie = try #require(
      first.split(separator: "\r\n").first { $0.hasPrefix("Set-Cookie: ") }?.dropFirst(12).prefix {
        $0 != ";"
      })

    // A second login is held in its check (no permit), on the verifier's thread.
    let held = try login("wrong+password")
    #expect(gate.waitForStarted(2))
    // Meanwhile the server answers: the API, and the page's style.
    let state = try rig.exchange("GET /api/state HTTP/1.1\r\nHost: clock.local\r\nCookie: \(cookie)\r\n\r\n")
    #expect(state.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(state.prefix(80))")
    #expect(state.hasSuffix(#"{"board": "test"}"#))
    let style = try rig.exchange("GET /app.css HTTP/1.1\r\nHost: clock.local\r\n\r\n")
    #expect(style.hasPrefix("HTTP/1.1 200 OK"))
    // A third login finds the verifier full (capacity 1): 503 with Retry-After, at once.
    let busy = try Rig.readToEnd(try login("another"))
    #expect(busy.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), "\(busy.prefix(80))")
    #expect(busy.contains("\r\nRetry-After: 2\r\n"))

    // Let the held check finish: the wrong password gets the form again.
    gate.permit()
    let answer = try Rig.readToEnd(held)
    #expect(answer.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"), "\(answer.prefix(80))")
    #expect(answer.contains("Wrong password."))
    #expect(!answer.contains("Set-Cookie"))
  }
}
