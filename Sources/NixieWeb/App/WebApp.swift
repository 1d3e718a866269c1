import NixieControl
import NixiePictures
import NixieText

/// `nixie web`'s routes: the page, its script and style, the tubes' picture, the JSON API
/// that forwards checked requests to the clock, the login, and the frames stream. Runs on the
/// web server's thread; time and randomness are parameters, so the whole flow is tested
/// without a network or a clock.
///
/// Safety, in the order a request meets it: the server's limits (`HTTPLimits`), the `Host`
/// check (without a password only IP literals, `localhost` and web.yaml's `allowed-hosts`,
/// against DNS rebinding), the `Origin` check (a change from another site's page), the
/// session (with a password, every route but the login needs the `nixie_session` cookie), the
/// CSRF token in `X-CSRF-Token` on every change (with JSON bodies only, so a form on another
/// site cannot post), then the strict checks of each request's fields. Nothing here logs a
/// body, a cookie or a password.
public final class WebApp: @unchecked Sendable {
  public let configuration: WebConfiguration
  private let clock: any ClockLink
  private let random: (Int) -> [UInt8]
  private var sessions = WebSessions()
  private var logins = LoginLimiter()
  /// The CSRF token of a server without a password (one for all, made at start).
  private let openToken: String
  /// The tubes' picture (dark) and the clock's layout it was drawn from: drawn (and compressed)
  /// again when the clock reports another layout (restarted on another board).
  private var picture: (layout: JSONValue, body: EncodedBody)?
  /// The script and the style sheet, compressed once.
  private static let script = EncodedBody(WebAssets.script, contentType: "text/javascript; charset=utf-8")
  private static let style = EncodedBody(WebAssets.style, contentType: "text/css; charset=utf-8")
  /// What a phone's home screen and a browser's tab show, for everyone (no secret in them, and
  /// browsers fetch the manifest without the session's cookie).
  private static let icon = EncodedBody(WebIcon.svg, contentType: "image/svg+xml")
  private static let manifest = EncodedBody(WebAssets.manifest, contentType: "application/manifest+json")
  private static let pngIcons = WebIcon.pngSizes.map { side in
    (WebIcon.pngPath(side), WebIcon.png(side: side) ?? [])
  }

  /// The session cookie's name.
  static let cookie = "nixie_session"

  public init(configuration: WebConfiguration, clock: any ClockLink, random: @escaping (Int) -> [UInt8]) {
    self.configuration = configuration
    self.clock = clock
    self.random = random
    openToken = Hex.string(random(32))
  }

  /// Whether a password protects the page.
  var needsLogin: Bool { configuration.passwordHash != nil }

  /// The answer to `request` from `peer` (its IP address) at monotonic `now`.
  public func respond(to request: HTTPRequest, from peer: String, at now: UInt64) -> WebReply {
    if let refusal = checkHost(request) ?? checkOrigin(request) { return .response(refusal) }
    let method = request.method == "HEAD" ? "GET" : request.method
    let route = (method, request.path)
    if route == ("POST", "/login") { return login(request, from: peer, at: now) }
    if let open = Self.open(route, request) { return .response(open) }
    let session = sessions.session(request.cookie(Self.cookie), at: now)
    if needsLogin && session == nil {
      if route == ("GET", "/") {
        return .response(asset(WebAssets.loginPage(message: nil), "text/html; charset=utf-8"))
      }
      return .response(.error(.unauthorized, "log in first"))
    }
    let token = session?.csrf ?? openToken
    if method == "POST" {
      if let refusal = checkChange(request, token: token) { return .response(refusal) }
    }
    switch route {
    case ("GET", "/"):
      return .response(asset(WebAssets.page(csrf: token, loggedIn: needsLogin), "text/html; charset=utf-8"))
    case ("GET", "/app.js"): return .response(asset(Self.script, request))
    case ("GET", "/tubes.svg"): return tubes(request)
    case ("GET", "/api/state"): return forward(.state, key: "state")
    case ("GET", "/api/wear"): return forward(.wear, key: "wear")
    case ("GET", "/api/zones"):
      let zones = JSONText.object([("zones", JSONText.array(ClockZones.system.zoneNames()))])
      return .response(asset(EncodedBody(zones, contentType: "application/json; charset=utf-8"), request))
    case ("GET", "/events"): return .stream
    case ("POST", "/api/settings"): return settings(request)
    case ("POST", "/api/show"): return show(request)
    case ("POST", "/api/anti-poisoning"): return antiPoisoning(request)
    case ("POST", "/api/alarm"): return alarm(request)
    case ("POST", "/api/countdown"): return countdown(request)
    case ("POST", "/logout"):
      if let session { sessions.remove(session.id) }
      return .response(redirect(cookie: Self.cookie + "=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0"))
    default:
      let known = Self.routes.filter { $0.path == request.path }
      guard !known.isEmpty else { return .response(.error(.notFound, "no such page")) }
      var response = HTTPResponse.error(
        .methodNotAllowed, "use " + known.map(\.method).joined(separator: " or "))
      response.headers.append(
        HTTPRequest.Header(name: "Allow", value: known.map(\.method).joined(separator: ", ")))
      return .response(response)
    }
  }

  /// The answer to a route anyone may ask for, logged in or not: the style sheet, the icons,
  /// the manifest.
  private static func open(_ route: (String, String), _ request: HTTPRequest) -> HTTPResponse? {
    let cache = [HTTPRequest.Header(name: "Cache-Control", value: "no-store")]
    switch route {
    case ("GET", "/app.css"): return style.response(to: request, headers: cache)
    case ("GET", "/favicon.ico"): return icon.response(to: request, headers: cache)
    case ("GET", "/manifest.webmanifest"): return manifest.response(to: request, headers: cache)
    default:
      guard route.0 == "GET", route.1.hasPrefix("/icon-"),
        let png = pngIcons.first(where: { $0.0 == route.1 })
      else {
        return nil
      }
      return HTTPResponse(contentType: "image/png", body: png.1, headers: cache)
    }
  }

  /// Every route, for 405's `Allow`.
  static let routes: [(method: String, path: String)] =
    [
      ("GET", "/"), ("GET", "/app.js"), ("GET", "/app.css"), ("GET", "/favicon.ico"),
      ("GET", "/manifest.webmanifest"), ("GET", "/tubes.svg"), ("GET", "/api/state"), ("GET", "/api/wear"),
      ("GET", "/api/zones"), ("GET", "/events"), ("POST", "/api/settings"), ("POST", "/api/show"),
      ("POST", "/api/anti-poisoning"), ("POST", "/api/alarm"), ("POST", "/api/countdown"), ("POST", "/login"),
      ("POST", "/logout"),
    ] + WebIcon.pngSizes.map { ("GET", WebIcon.pngPath($0)) }

  // MARK: Checks

  /// Without a password only this machine can reach the server; a page of another site that
  /// makes a name of its own resolve to 127.0.0.1 (DNS rebinding) still sends that name as
  /// `Host`. So only an IP literal, `localhost` and the names web.yaml's `allowed-hosts` lists
  /// are answered (`HostAndPort`). Not `*.localhost`: RFC 6761 asks resolvers to keep those on
  /// loopback (SHOULD), but not every resolver does. With a password any name is answered:
  /// the session cookie (`SameSite=Strict`, bound to the name it was set for) guards the page.
  private func checkHost(_ request: HTTPRequest) -> HTTPResponse? {
    guard !needsLogin, let value = request.header("host") else { return nil }
    let parsed = HostAndPort(value[...])
    switch parsed?.host {
    case .address: return nil
    case .name(let name) where name == "localhost" || configuration.allowedHosts.contains(name): return nil
    case .name(let name):
      return .error(
        .forbidden,
        "without a password nixie web answers only to IP addresses, localhost and the names in web.yaml's"
          + " allowed-hosts (against DNS rebinding): to open it as \(name), add allowed-hosts: [\"\(name)\"]"
          + " to web.yaml and restart nixie web")
    case nil:
      return .error(.forbidden, "the Host header is not an IP address or a host name")
    }
  }

  /// A change (any method but GET and HEAD) from a page served elsewhere is refused even with
  /// the right token: a present `Origin` must be this server's own, the scheme, host and port
  /// the request reached it by (`HostAndPort.isOrigin`). `Origin: null` (a sandboxed or opaque
  /// page) is not. A request without `Origin` (not a browser's) is left to the token.
  private func checkOrigin(_ request: HTTPRequest) -> HTTPResponse? {
    guard request.method != "GET" && request.method != "HEAD" else { return nil }
    let own = request.header("host").flatMap { HostAndPort($0[...]) }
    for header in request.headers where header.name == "origin" {
      guard let own, own.isOrigin(header.value) else {
        return .error(
          .forbidden,
          "this change comes from a page of another site (its Origin is not this server's): make it on nixie web's own page"
        )
      }
    }
    return nil
  }

  /// A change must be JSON (a form on another site cannot send that without the browser asking
  /// first) and carry the session's CSRF token.
  private func checkChange(_ request: HTTPRequest, token: String) -> HTTPResponse? {
    let type = request.header("content-type")?.split(separator: ";").first.map { $0.lowercased() }
    guard type == "application/json" else {
      return .error(.unsupportedMediaType, "send the change as application/json")
    }
    guard let given = request.header("x-csrf-token"),
      ConstantTime.equal(Array(given.utf8), Array(token.utf8))
    else {
      return .error(.forbidden, "missing or wrong X-CSRF-Token: reload the page")
    }
    return nil
  }

  // MARK: Routes

  private func asset(_ text: String, _ type: String) -> HTTPResponse {
    HTTPResponse(
      contentType: type, body: Array(text.utf8),
      headers: [HTTPRequest.Header(name: "Cache-Control", value: "no-store")])
  }

  /// A file, gzip-encoded when the request accepts that.
  private func asset(_ body: EncodedBody, _ request: HTTPRequest) -> HTTPResponse {
    body.response(to: request, headers: [HTTPRequest.Header(name: "Cache-Control", value: "no-store")])
  }

  private func redirect(cookie: String) -> HTTPResponse {
    HTTPResponse(
      status: .seeOther, contentType: "text/plain; charset=utf-8", body: [],
      headers: [
        HTTPRequest.Header(name: "Location", value: "/"),
        HTTPRequest.Header(name: "Set-Cookie", value: cookie),
      ])
  }

  /// A login passes the rate limit and the form check here; its password is checked off the
  /// server's thread (`PasswordVerifier`), then `finishLogin` answers it.
  private func login(_ request: HTTPRequest, from peer: String, at now: UInt64) -> WebReply {
    guard let hash = configuration.passwordHash else {
      return .response(redirect(cookie: Self.cookie + "=; Path=/; Max-Age=0"))
    }
    guard logins.allow(peer, at: now) else {
      var response = HTTPResponse.error(.tooManyRequests, "too many login attempts; wait a minute")
      response.headers.append(HTTPRequest.Header(name: "Retry-After", value: "60"))
      return .response(response)
    }
    guard request.header("content-type")?.hasPrefix("application/x-www-form-urlencoded") == true,
      let password = FormFields.value(of: "password", in: request.body)
    else {
      return .response(.error(.badRequest, "send the password as the form field 'password'"))
    }
    return .verify(LoginAttempt(hash: hash, password: password))
  }

  /// The answer to a login whose password was checked: a new session, or the form again.
  public func finishLogin(verified: Bool, at now: UInt64) -> HTTPResponse {
    guard verified else {
      var page = asset(WebAssets.loginPage(message: "Wrong password."), "text/html; charset=utf-8")
      page.status = .unauthorized
      return page
    }
    let session = sessions.create(random: random(64), at: now)
    return redirect(cookie: "\(Self.cookie)=\(session.id); HttpOnly; SameSite=Strict; Path=/; Max-Age=86400")
  }

  /// The answer to a login while the verifier has all the logins it takes.
  public static var loginsBusy: HTTPResponse {
    var response = HTTPResponse.error(
      .serviceUnavailable, "other logins are being checked; try again in a few seconds")
    response.headers.append(HTTPRequest.Header(name: "Retry-After", value: "\(loginsRetrySeconds)"))
    return response
  }

  /// `Retry-After` of `loginsBusy`: a check takes well under a second (PasswordHash).
  static let loginsRetrySeconds = 2

  /// A clock request, answered as JSON once the clock answers: the member `key` of the
  /// answer, or the clock's refusal.
  private func forward(_ request: ControlRequest, key: String?) -> WebReply {
    .ask(
      ClockQuestion(request, link: clock) { result in
        switch result {
        case .success(let answer):
          guard let key else { return .json(#"{"ok": true}"#) }
          return .json(answer[key]?.text ?? "null")
        case .failure(.refused(let message)): return .error(.unprocessable, message)
        case .failure(let failure): return Self.unanswered(failure)
        }
      })
  }

  /// The response when the clock gave no answer: 504 `clock not answering` (stopped or
  /// hung), 503 when it is busy, 502 otherwise (not running, not understood).
  static func unanswered(_ failure: ControlClient.Failure) -> HTTPResponse {
    switch failure {
    case .notAnswering: .error(.gatewayTimeout, Self.notAnswering)
    case .busy(_, let message): .error(.serviceUnavailable, "the clock is busy: \(message)")
    default: .error(.badGateway, failure.description)
    }
  }

  /// What the page says while the clock is stopped or hung (its status line says the same).
  static let notAnswering = "clock not answering (is it stopped or hung?); the page tries again by itself"

  /// The body as a JSON object with only `allowed` keys, or the 400 that says what is wrong.
  private func object(_ request: HTTPRequest, allowed: [String]) -> Result<JSONValue, HTTPError> {
    guard let value = try? JSONReader.read(request.body) else {
      return .failure(HTTPError(.badRequest, "the body is not JSON"))
    }
    guard case .object(let members) = value else {
      return .failure(HTTPError(.badRequest, "the body must be a JSON object"))
    }
    if let unknown = members.first(where: { !allowed.contains($0.key) }) {
      return .failure(
        HTTPError(
          .badRequest,
          "unknown field '\(Printable.escaped(unknown.key))'; fields: " + allowed.joined(separator: ", ")))
    }
    return .success(value)
  }

  private func settings(_ request: HTTPRequest) -> WebReply {
    guard let value = try? JSONReader.read(request.body) else {
      return .response(.error(.badRequest, "the body is not JSON"))
    }
    switch ClockSettingsChange.parse(value) {
    case .failure(let error): return .response(.error(.badRequest, error.message))
    case .success(let change): return forward(.change(change), key: "saved")
    }
  }

  private func show(_ request: HTTPRequest) -> WebReply {
    let value: JSONValue
    switch object(request, allowed: ["value", "seconds", "group-digits"]) {
    case .failure(let error): return .response(.error(error.status, error.message))
    case .success(let object): value = object
    }
    // The control socket shows "" as dark tubes for the seconds asked; the page's Show does
    // not: a value with nothing in it is a mistake there.
    if case .string(let text)? = value["value"], text.allSatisfy(\.isWhitespace) {
      return .response(.error(.badRequest, "'value' is empty: give the value to show"))
    }
    var line: [(String, String)] = []
    if let shown = value["value"] { line.append(("show", shown.text)) }
    if let seconds = value["seconds"] { line.append(("seconds", seconds.text)) }
    if let grouped = value["group-digits"] { line.append(("group-digits", grouped.text)) }
    switch ControlRequest.parse(Array(JSONText.object(line).utf8)) {
    case .failure(let error):
      return .response(.error(.badRequest, error.message.replacingOccurrences("'show'", "'value'")))
    case .success(let parsed): return forward(parsed, key: nil)
    }
  }

  private func antiPoisoning(_ request: HTTPRequest) -> WebReply {
    let value: JSONValue
    switch object(request, allowed: ["seconds"]) {
    case .failure(let error): return .response(.error(error.status, error.message))
    case .success(let object): value = object
    }
    var seconds: Int?
    if let given = value["seconds"] {
      guard let number = given.double, number.rounded() == number,
        (1...Double(ControlRequest.maximumRunSeconds)).contains(number)
      else {
        return .response(
          .error(
            .badRequest, "'seconds' must be a whole number from 1 to \(ControlRequest.maximumRunSeconds)"))
      }
      seconds = Int(number)
    }
    return forward(.antiPoisoning(seconds: seconds), key: nil)
  }

  /// `{"action": "snooze"}`, `"stop"` or `"skip-next"`: the control protocol's `alarm` request.
  private func alarm(_ request: HTTPRequest) -> WebReply {
    switch object(request, allowed: ["action"]) {
    case .failure(let error): return .response(.error(error.status, error.message))
    case .success(let value):
      guard case .string(let name)? = value["action"], let action = AlarmAction(rawValue: name) else {
        let names = AlarmAction.allCases.map(\.rawValue).joined(separator: ", ")
        return .response(.error(.badRequest, "'action' must be one of \(names)"))
      }
      return forward(.alarm(action), key: nil)
    }
  }

  /// `{"duration": "9m"}` (`DurationText`, up to a day; `"0"` cancels): the control protocol's
  /// `countdown` request.
  private func countdown(_ request: HTTPRequest) -> WebReply {
    switch object(request, allowed: ["duration"]) {
    case .failure(let error): return .response(.error(error.status, error.message))
    case .success(let value):
      guard case .string(let text)? = value["duration"] else {
        return .response(
          .error(.badRequest, "'duration' must be a duration such as 90s, 9m or 1h30m, or \"0\""))
      }
      switch ControlRequest.countdown(text, option: "'duration'") {
      case .failure(let problem): return .response(.error(.badRequest, problem.message))
      case .success(let request): return forward(request, key: nil)
      }
    }
  }

  /// The tubes of the clock's board, dark: the page lights them from the frames. Drawn from the
  /// layout the clock reports (any board, built in or the user's own), and again whenever that
  /// layout changes (on the server's thread, once the clock answered).
  private func tubes(_ request: HTTPRequest) -> WebReply {
    .ask(ClockQuestion(.state, link: clock) { [self] result in tubes(result, request) })
  }

  private func tubes(_ result: Result<JSONValue, ControlClient.Failure>, _ request: HTTPRequest)
    -> HTTPResponse
  {
    let layout: JSONValue
    switch result {
    case .success(let answer):
      guard let reported = answer["state"]?["layout"] else {
        return .error(.badGateway, "the clock did not report its board's layout")
      }
      layout = reported
    case .failure(let failure): return Self.unanswered(failure)
    }
    if picture?.layout != layout {
      switch ReportedLayout.parse(layout) {
      case .failure(let error): return .error(.badGateway, error.message)
      case .success(let parsed):
        let svg = TubeSVG(layout: parsed, caption: nil)
        picture = (layout, EncodedBody(svg.document(state: parsed.blank), contentType: "image/svg+xml"))
      }
    }
    guard let picture else { return .error(.badGateway, "the clock did not report its board's layout") }
    return asset(picture.body, request)
  }
}

extension String {
  /// This text with every `target` replaced by `replacement` (no Foundation).
  func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    guard !target.isEmpty else { return self }
    var result = ""
    var rest = Substring(self)
    while let range = rest.firstRange(of: target) {
      result += rest[..<range.lowerBound] + replacement
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
