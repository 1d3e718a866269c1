import NixieLogging
import NixieSystem
import NixieText

/// `nixie web`'s HTTP/1.1 server: NixieSystem's `StreamServer` (deadlines, eviction, bounded
/// output, back-off when out of descriptors — the control socket's loop) speaking HTTP with
/// `HTTPRequestParser`, one request per connection, answered by `WebApp`. A request for
/// `/events` becomes a stream of the tubes' frames (server-sent events) from `FrameRelay`; a
/// login waits for `PasswordVerifier`'s thread, and a request for the clock for
/// `ClockRequests`'s, while the server goes on serving the others: nothing the clock does (or
/// does not do) holds up this thread.
public final class WebServer: @unchecked Sendable {
  private let server: StreamServer<WebService>
  private let verifier: PasswordVerifier
  private let requests: ClockRequests
  /// Where it listens (the ports the system chose for port 0).
  public let addresses: [TCPSocket.Address]

  public init(
    app: WebApp, relay: FrameRelay?, limits: HTTPLimits = HTTPLimits(),
    verifier: PasswordVerifier = PasswordVerifier(), requests: ClockRequests = ClockRequests(),
    logger: Logger,
    monotonic: @escaping @Sendable () -> UInt64
  ) throws(SystemCallError) {
    self.verifier = verifier
    self.requests = requests
    var listeners: [TCPSocket] = []
    for address in app.configuration.listen { listeners.append(try TCPSocket.listening(on: address)) }
    addresses = try listeners.map { socket throws(SystemCallError) in try socket.localAddress() }
    let service = WebService(
      app: app, relay: relay, verifier: verifier, requests: requests, limits: limits, logger: logger)
    server = try StreamServer(
      listeners: listeners, service: service, monotonic: monotonic, report: { logger.warning("web: \($0)") })
    // Weakly: the service holds the relay, so a strong capture would be a retain cycle that
    // keeps the server and its sockets alive for ever (LeakSanitizer).
    relay?.notify { [weak server = self.server] in server?.wake() }
    verifier.notify { [weak server = self.server] in server?.wake() }
    requests.notify { [weak server = self.server] in server?.wake() }
  }

  public func start() throws(SystemCallError) {
    try verifier.start()
    do {
      try requests.start()
      try server.start(name: "nixie-web")
    } catch {
      requests.stop()
      verifier.stop()
      throw error
    }
  }

  public func stop() {
    server.stop()
    requests.stop()
    verifier.stop()
  }
}

/// HTTP on a `StreamServer`: runs on the server's thread.
final class WebService: StreamService, @unchecked Sendable {
  struct Client {
    var parser: HTTPRequestParser
    var peer: String
    /// Streaming frames: the last frame sent, and when the stream last carried anything.
    var streaming = false
    var sentSequence = UInt64.max
    var sentFrame: UInt64 = 0
    var sentReach: FrameRelay.Reach?
    var lastWrite: UInt64 = 0
    /// A login waiting for its password check: the verifier's ticket.
    var loginTicket: UInt64?
    /// A request waiting for the clock's answer: its ticket with `ClockRequests`, and the
    /// request's method and path (for the log, and HEAD).
    var clockTicket: UInt64?
    var clockRequest = ("", "")
  }

  let app: WebApp
  let relay: FrameRelay?
  let verifier: PasswordVerifier
  let requests: ClockRequests
  let limits: HTTPLimits
  let logger: Logger
  /// How often a quiet stream gets a comment, so a viewer that went away is noticed.
  static let keepAlive: UInt64 = 15_000_000_000

  init(
    app: WebApp, relay: FrameRelay?, verifier: PasswordVerifier, requests: ClockRequests, limits: HTTPLimits,
    logger: Logger
  ) {
    self.app = app
    self.relay = relay
    self.verifier = verifier
    self.requests = requests
    self.limits = limits
    self.logger = logger
  }

  var maximumConnections: Int { limits.maximumConnections }
  var maximumPendingBytes: Int { limits.maximumPendingBytes }
  private var streams = 0
  private var nextTicket: UInt64 = 0

  func opened(by socket: any StreamSocket, at now: UInt64) -> (state: Client, deadline: UInt64?) {
    (Client(parser: HTTPRequestParser(limits: limits), peer: socket.peerName), now + limits.requestDeadline)
  }

  func deadlineNotice() -> [UInt8] {
    HTTPResponse.error(
      .requestTimeout, "the whole request did not arrive within \(limits.requestDeadline / 1_000_000) ms"
    )
    .bytes()
  }

  func evictionNotice() -> [UInt8] {
    HTTPResponse.error(.serviceUnavailable, "too many connections; try again").bytes()
  }

  func closed(_ connection: StreamConnection<Client>) {
    if connection.state.streaming { streams -= 1 }
  }

  func received(_ bytes: [UInt8], on connection: StreamConnection<Client>, at now: UInt64) {
    // One request per connection: what comes after it (or on a stream) is not read.
    guard !connection.state.streaming, connection.state.loginTicket == nil,
      connection.state.clockTicket == nil,
      !connection.isClosing
    else {
      return
    }
    switch connection.state.parser.feed(bytes) {
    case .needMore:
      return
    case .failure(let error):
      logger.info("web: \(connection.state.peer): \(error.status.code) \(error.message)")
      connection.send(HTTPResponse.error(error.status, error.message).bytes())
      connection.close()
    case .request(let request):
      let reply = app.respond(to: request, from: connection.state.peer, at: now)
      switch reply {
      case .response(let response):
        logger.debug(
          "web: \(connection.state.peer) \(request.method) \(Printable.escaped(request.path)) \(response.status.code)"
        )
        connection.send(response.bytes(includingBody: request.method != "HEAD"))
        connection.close()
      case .stream:
        startStream(connection, at: now)
      case .verify(let attempt):
        nextTicket &+= 1
        guard verifier.submit(attempt, ticket: nextTicket) else {
          logger.info("web: \(connection.state.peer) POST /login 503 (other logins are being checked)")
          connection.send(WebApp.loginsBusy.bytes())
          connection.close()
          return
        }
        // The check ends in bounded time and at most `verifier.capacity` wait: no deadline.
        connection.state.loginTicket = nextTicket
        connection.deadline = nil
      case .ask(let question):
        nextTicket &+= 1
        guard requests.submit(question, ticket: nextTicket) else {
          logger.info(
            "web: \(connection.state.peer) \(request.method) \(Printable.escaped(request.path)) 503")
          connection.send(
            HTTPResponse.error(.serviceUnavailable, "too many requests wait for the clock; try again").bytes()
          )
          connection.close()
          return
        }
        // Answered within the clock's deadline (or at once when it waited too long): no deadline.
        connection.state.clockTicket = nextTicket
        connection.state.clockRequest = (request.method, request.path)
        connection.deadline = nil
      }
    }
  }

  private func startStream(_ connection: StreamConnection<Client>, at now: UInt64) {
    guard streams < limits.maximumStreams, let relay else {
      connection.send(HTTPResponse.error(.serviceUnavailable, "too many viewers; try again later").bytes())
      connection.close()
      return
    }
    streams += 1
    connection.state.streaming = true
    connection.deadline = nil
    var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
    head += "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
    head += "retry: 2000\n\n"
    connection.send(Array(head.utf8))
    connection.state.lastWrite = now
    send(relay.current, to: connection, at: now)
  }

  /// What changed since the viewer's last event: whether the clock is live, not answering or
  /// unreachable (`event: clock`), the frame.
  private func send(_ latest: FrameRelay.Latest, to connection: StreamConnection<Client>, at now: UInt64) {
    guard latest.sequence != connection.state.sentSequence else { return }
    connection.state.sentSequence = latest.sequence
    var event = ""
    if connection.state.sentReach != latest.reach {
      event +=
        "event: clock\ndata: {\"connected\": \(latest.connected), \"reach\": \"\(latest.reach.rawValue)\"}\n\n"
      connection.state.sentReach = latest.reach
    }
    if let json = latest.json, latest.frame != connection.state.sentFrame {
      event += "data: " + json + "\n\n"
      connection.state.sentFrame = latest.frame
    }
    guard !event.isEmpty else { return }
    connection.send(Array(event.utf8))
    connection.state.lastWrite = now
  }

  func tick(_ connections: [StreamConnection<Client>], at now: UInt64) -> UInt64? {
    for (ticket, question, answer) in requests.takeFinished() {
      // A client that hung up meanwhile gets nothing; the answer still reaches the app.
      let response = question.finish(answer)
      guard let connection = connections.first(where: { $0.state.clockTicket == ticket }) else { continue }
      let (method, path) = connection.state.clockRequest
      logger.debug(
        "web: \(connection.state.peer) \(method) \(Printable.escaped(path)) \(response.status.code)")
      connection.state.clockTicket = nil
      connection.send(response.bytes(includingBody: method != "HEAD"))
      connection.close()
    }
    for (ticket, verified) in verifier.takeFinished() {
      // A client that hung up while its password was checked gets nothing (no session).
      guard let connection = connections.first(where: { $0.state.loginTicket == ticket }) else { continue }
      let response = app.finishLogin(verified: verified, at: now)
      logger.debug("web: \(connection.state.peer) POST /login \(response.status.code)")
      connection.state.loginTicket = nil
      connection.send(response.bytes())
      connection.close()
    }
    let viewers = connections.filter(\.state.streaming)
    guard !viewers.isEmpty else { return nil }
    let latest = relay?.current
    for connection in viewers {
      if let latest, latest.sequence != connection.state.sentSequence {
        send(latest, to: connection, at: now)
      }
      if now - connection.state.lastWrite >= Self.keepAlive {
        connection.send(Array(": keep-alive\n\n".utf8))
        connection.state.lastWrite = now
      }
    }
    return now + Self.keepAlive
  }
}
