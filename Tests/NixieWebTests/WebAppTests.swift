import NixieBoards
import NixieControl
import NixieSystem
import NixieText
import Testing

@testable import NixieWeb

/// The web application's routes and its safety, without a network: a stand-in clock records
/// what reaches it. Without a password: the Host check and the CSRF token. With one: the login,
/// its rate limit, the session cookie, the session's own token, the logout.
struct WebAppTests {
  /// A clock that answers from a table and remembers every request.
  final class FakeClock: ClockLink, @unchecked Sendable {
    let requests = Locked<[ControlRequest]>([])
    let answer: @Sendable (ControlRequest) -> Result<JSONValue, ControlClient.Failure>

    init(
      answer: @escaping @Sendable (ControlRequest) -> Result<JSONValue, ControlClient.Failure> = { _ in
        .success(.object([("ok", .bool(true)), ("saved", .bool(true))]))
      }
    ) {
      self.answer = answer
    }

    func request(_ request: ControlRequest) -> Result<JSONValue, ControlClient.Failure> {
      requests.withLock { $0.append(request) }
      return answer(request)
    }

    var seen: [ControlRequest] { requests.withLock { $0 } }
  }

  /// Counting bytes as randomness: every session and token differs, tests repeat exactly.
  final class Counter: @unchecked Sendable {
    var next: UInt8 = 0
    func bytes(_ count: Int) -> [UInt8] {
      (0..<count).map { _ in
        next &+= 1
        return next
      }
    }
  }

  static func app(password: String? = nil, allowedHosts: [String] = [], clock: FakeClock = FakeClock()) throws
    -> WebApp
  {
    var configuration = WebConfiguration()
    configuration.allowedHosts = allowedHosts
    if let password {
      configuration.passwordHash = try PasswordHash.make(password: password, cost: 1)
    }
    let counter = Counter()
    return WebApp(configuration: configuration, clock: clock, random: { counter.bytes($0) })
  }

  static func request(
    _ method: String, _ path: String, host: String = "127.0.0.1:8080", headers: [(String, String)] = [],
    body: String = ""
  ) -> HTTPRequest {
    HTTPRequest(
      method: method, path: path,
      headers: [HTTPRequest.Header(name: "host", value: host)]
        + headers.map { HTTPRequest.Header(name: $0.0, value: $0.1) },
      body: Array(body.utf8))
  }

  /// The response to `reply`; a question for the clock is asked here, as `ClockRequests`'s
  /// thread would.
  static func response(_ reply: WebReply) -> HTTPResponse? {
    switch reply {
    case .response(let response): response
    case .ask(let question): question.answerNow()
    case .stream, .verify: nil
    }
  }

  /// The response to a login: its password checked here, as the verifier's thread would.
  static func login(_ app: WebApp, _ reply: WebReply, at now: UInt64) -> HTTPResponse? {
    guard case .verify(let attempt) = reply else { return response(reply) }
    return app.finishLogin(verified: attempt.verify(), at: now)
  }

  static func text(_ response: HTTPResponse?) -> String {
    String(decoding: response?.body ?? [], as: UTF8.self)
  }

  /// The CSRF token the page carries.
  static func token(_ page: String) -> String? {
    guard let start = page.firstRange(of: "<meta name=\"csrf\" content=\"") else { return nil }
    return String(page[start.upperBound...].prefix { $0 != "\"" })
  }

  static func change(_ token: String?, _ body: String, cookie: String? = nil, path: String = "/api/settings")
    -> HTTPRequest
  {
    var headers = [("content-type", "application/json")]
    if let token { headers.append(("x-csrf-token", token)) }
    if let cookie { headers.append(("cookie", cookie)) }
    return request("POST", path, headers: headers, body: body)
  }

  @Test func withoutAPasswordTheChangesNeedTheTokenAndJSON() throws {
    let clock = FakeClock()
    let app = try Self.app(clock: clock)
    let page = Self.text(Self.response(app.respond(to: Self.request("GET", "/"), from: "127.0.0.1", at: 0)))
    let token = try #require(Self.token(page))
    #expect(token.count == 64)
    let cases: [(HTTPRequest, Int)] = [
      (Self.change(nil, #"{"brightness": 40}"#), 403),
      (Self.change("f" + token.dropFirst(), #"{"brightness": 40}"#), 403),
      (
        Self.request(
          "POST", "/api/settings", headers: [("content-type", "text/plain"), ("x-csrf-token", token)],
          body: "{}"), 415
      ),
      (
        Self.request(
          "POST", "/api/settings", headers: [("x-csrf-token", token)], body: #"{"brightness": 40}"#), 415
      ),
      (Self.change(token, "{brightness: 40}"), 400),
      (Self.change(token, #"{"brightness": 400}"#), 400),
      (Self.change(token, #"{"brightness": 40, "wifi": "on"}"#), 400),
      (Self.change(token, #"[1]"#), 400),
      (Self.change(token, #"{"value": "12", "colour": 1}"#, path: "/api/show"), 400),
      (Self.change(token, #"{"value": true}"#, path: "/api/show"), 400),
      (Self.change(token, #"{"value": "12", "seconds": 0}"#, path: "/api/show"), 400),
      (Self.change(token, #"{"value": "", "seconds": 5}"#, path: "/api/show"), 400),
      (Self.change(token, #"{"value": "  \t"}"#, path: "/api/show"), 400),
      (Self.change(token, #"{"seconds": 61}"#, path: "/api/anti-poisoning"), 400),
      (Self.change(token, #"{"seconds": "5"}"#, path: "/api/anti-poisoning"), 400),
    ]
    for (request, status) in cases {
      let response = Self.response(app.respond(to: request, from: "127.0.0.1", at: 0))
      #expect(response?.status.code == status, "\(request.path) \(Self.text(response))")
      #expect(Self.text(response).hasPrefix(#"{"error": ""#))
    }
    #expect(clock.seen.isEmpty, "a refused request reached the clock")

    let accepted = Self.response(
      app.respond(to: Self.change(token, #"{"brightness": 40}"#), from: "127.0.0.1", at: 0))
    #expect(accepted?.status == .ok)
    #expect(Self.text(accepted) == "true")
    _ = Self.response(
      app.respond(
        to: Self.change(token, #"{"value": 42, "seconds": 3}"#, path: "/api/show"), from: "127.0.0.1", at: 0))
    _ = Self.response(
      app.respond(to: Self.change(token, #"{}"#, path: "/api/anti-poisoning"), from: "127.0.0.1", at: 0))
    var brightness = ClockSettingsChange()
    brightness.brightness = .set(40)
    #expect(
      clock.seen == [
        .change(brightness), .show(value: "42", seconds: 3, transition: nil), .antiPoisoning(seconds: nil),
      ])
  }

  @Test func theClocksRefusalAndAbsenceAreSaid() throws {
    let refusing = FakeClock { _ in .failure(.refused("cannot show \"QQQ\"")) }
    let app = try Self.app(clock: refusing)
    let token = try #require(
      Self.token(Self.text(Self.response(app.respond(to: Self.request("GET", "/"), from: "a", at: 0)))))
    let refused = Self.response(app.respond(to: Self.change(token, #"{"faces": ["QQQ"]}"#), from: "a", at: 0))
    #expect(refused?.status.code == 422)
    #expect(Self.text(refused) == #"{"error": "cannot show \"QQQ\""}"#)

    let absent = FakeClock { _ in
      .failure(.notListening(path: "/run/nixie/control.sock", SystemCallErrorStandIn.error))
    }
    let lonely = try Self.app(clock: absent)
    let state = Self.response(lonely.respond(to: Self.request("GET", "/api/state"), from: "a", at: 0))
    #expect(state?.status.code == 502)
    #expect(Self.text(state).contains("no nixie clock is listening"))
  }

  @Test(arguments: [("GET", "/nope", 404), ("PUT", "/", 405), ("POST", "/", 405), ("GET", "/api/show", 405)])
  func unknownRoutesAndMethodsAreRefused(_ method: String, _ path: String, _ status: Int) throws {
    let app = try Self.app()
    var request = Self.request(method, path)
    if method == "POST" { request = Self.change(nil, "{}", path: path) }
    let response = Self.response(app.respond(to: request, from: "a", at: 0))
    #expect(response?.status.code == (method == "POST" ? 403 : status))
    if method == "GET" && status == 405 { #expect(response?.headers.contains { $0.name == "Allow" } == true) }
  }

  @Test func withAPasswordTheLoginGuardsEverythingAndIsRateLimited() throws {
    let clock = FakeClock()
    let app = try Self.app(password: "s3cret pass", clock: clock)
    // Any host may ask once a password guards the page (the cookie does).
    let login = Self.text(
      Self.response(app.respond(to: Self.request("GET", "/", host: "clock.local"), from: "10.0.0.9", at: 0)))
    #expect(login.contains("<form method=\"post\" action=\"/login\""))
    #expect(Self.token(login) == nil)
    for path in ["/api/state", "/events", "/tubes.svg", "/app.js"] {
      #expect(
        Self.response(app.respond(to: Self.request("GET", path), from: "10.0.0.9", at: 0))?.status.code == 401
      )
    }
    #expect(
      Self.response(app.respond(to: Self.change("x", "{}"), from: "10.0.0.9", at: 0))?.status.code == 401)
    #expect(clock.seen.isEmpty)

    func attempt(_ password: String, from peer: String, at now: UInt64) -> HTTPResponse? {
      Self.login(
        app,
        app.respond(
          to: Self.request(
            "POST", "/login", headers: [("content-type", "application/x-www-form-urlencoded")],
            body: "password=" + password),
          from: peer, at: now), at: now)
    }
    #expect(attempt("wrong", from: "10.0.0.9", at: 0)?.status.code == 401)
    for _ in 0..<4 { _ = attempt("wrong", from: "10.0.0.9", at: 0) }
    // Five tries a minute from one address: the sixth, even the right one, waits.
    let limited = attempt("s3cret+pass", from: "10.0.0.9", at: 0)
    #expect(limited?.status.code == 429)
    #expect(limited?.headers.contains(HTTPRequest.Header(name: "Retry-After", value: "60")) == true)
    let other = try #require(attempt("s3cret+pass", from: "10.0.0.10", at: 0))
    #expect(other.status.code == 303)
    let cookie = try #require(other.headers.first { $0.name == "Set-Cookie" }?.value)
    #expect(cookie.hasPrefix("nixie_session="))
    #expect(cookie.contains("; HttpOnly; SameSite=Strict; Path=/"))
    #expect(!cookie.contains("s3cret"))
    let session = String(cookie.prefix { $0 != ";" })
    // After a minute the first address may try again.
    #expect(attempt("s3cret%20pass", from: "10.0.0.9", at: 60_000_000_000)?.status.code == 303)

    let page = Self.text(
      Self.response(
        app.respond(
          to: Self.request("GET", "/", host: "clock.local", headers: [("cookie", session)]),
          from: "10.0.0.10", at: 1)))
    let token = try #require(Self.token(page))
    #expect(page.contains("id=\"logout\""))
    #expect(
      Self.response(
        app.respond(to: Self.change(token, #"{"brightness": 5}"#, cookie: session), from: "x", at: 2))?.status
        == .ok)
    #expect(clock.seen.count == 1)
    // Another session's token, or none, is refused.
    #expect(
      Self.response(
        app.respond(to: Self.change("ff" + token.dropFirst(2), "{}", cookie: session), from: "x", at: 2))?
        .status.code == 403)
    let logout = Self.response(
      app.respond(to: Self.change(token, "{}", cookie: session, path: "/logout"), from: "x", at: 3))
    #expect(logout?.status.code == 303)
    #expect(
      Self.response(
        app.respond(to: Self.request("GET", "/api/state", headers: [("cookie", session)]), from: "x", at: 4))?
        .status.code == 401)
  }

  @Test func aSessionExpiresAfterADay() throws {
    let app = try Self.app(password: "pw")
    let response = Self.login(
      app,
      app.respond(
        to: Self.request(
          "POST", "/login", headers: [("content-type", "application/x-www-form-urlencoded")],
          body: "password=pw"),
        from: "a", at: 0), at: 0)
    let cookie = try #require(response?.headers.first { $0.name == "Set-Cookie" }?.value.prefix { $0 != ";" })
    let day: UInt64 = 86_400_000_000_000
    #expect(
      Self.response(
        app.respond(
          to: Self.request("GET", "/", headers: [("cookie", String(cookie))]), from: "a", at: day - 1))?
        .status == .ok)
    let late = Self.text(
      Self.response(
        app.respond(to: Self.request("GET", "/", headers: [("cookie", String(cookie))]), from: "a", at: day)))
    #expect(late.contains("action=\"/login\""))
  }
}

/// A system call error to build a `notListening` failure with.
enum SystemCallErrorStandIn {
  static let error = NixieSystem.SystemCallError("connect", errno: .connectionRefused)
}
