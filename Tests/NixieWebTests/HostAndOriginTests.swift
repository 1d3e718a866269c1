import NixieCore
import Testing

@testable import NixieWeb

/// Against DNS rebinding and other sites' pages: without a password only a `Host` that is an
/// IP literal (parsed, not matched by its characters), `localhost` or a name web.yaml lists is
/// answered; with or without one, a change whose `Origin` is present and not this server's own
/// is refused even with the right token.
struct HostAndOriginTests {
  /// `Host` values and the status of `GET /` without a password, `clock.local` listed.
  static let hosts: [(String, Int)] = [
    ("127.0.0.1:8080", 200), ("127.0.0.1", 200), ("192.168.1.20", 200), ("0.0.0.0:80", 200),
    ("localhost:8080", 200), ("localhost", 200), ("LocalHost:8080", 200), ("localhost.:8080", 200),
    ("[::1]:8080", 200), ("[::1]", 200), ("[FE80::1]:8080", 200), ("[::ffff:127.0.0.1]:8080", 200),
    ("clock.local", 200), ("Clock.Local.:8080", 200), ("localhost:65535", 200), ("localhost:1", 200),
    // Names made of hex digits, dots and colons are names: a site can make them resolve here.
    ("bad.cafe", 403), ("bad.cafe:8080", 403), ("dead.beef.de", 403), ("cafe", 403), ("add", 403),
    // Not four decimal parts of 0 to 255 without leading zeros: names, and no site's.
    ("1.2.3.4.5", 403), ("0x7f.1", 403), ("0x7f000001", 403), ("127.1", 403), ("2130706433", 403),
    ("0177.0.0.1", 403), ("127.0.0.01", 403), ("256.0.0.1", 403), ("127.0.0.1.", 403),
    // IPv6 only in brackets, without a zone, and nothing after the bracket but a port.
    ("::1", 403), ("[::1", 403), ("[::1]x", 403), ("[::1]:", 403), ("[127.0.0.1]", 403), ("[v1.fe]", 403),
    ("[fe80::1%eth0]", 403), ("[fe80::1%25eth0]:8080", 403), ("[::1::2]", 403), ("[1:2:3:4:5:6:7:8:9]", 403),
    // Ports from 1 to 65535 in decimal digits.
    ("localhost:0", 403), ("localhost:65536", 403), ("localhost:99999999999999999999", 403),
    ("localhost:+80", 403), ("localhost:", 403), ("localhost:80:80", 403), ("localhost:0x50", 403),
    // Other names, look-alikes and junk.
    ("", 403), (":8080", 403), ("evil.example:8080", 403), ("localhost.evil.example", 403),
    ("sub.localhost", 403), ("clock.local.evil.example", 403), ("evil-clock.local", 403),
    ("-clock.local", 403), ("clock..local", 403), ("clock.local..", 403), ("local\u{212A}ost", 403),
    ("clock_local", 403), ("user@localhost", 403), ("localhost/x", 403),
  ]

  @Test func withoutAPasswordOnlyAddressesLocalhostAndListedNamesAreAnswered() throws {
    let app = try WebAppTests.app(allowedHosts: ["clock.local"])
    for (host, status) in Self.hosts {
      let response = WebAppTests.response(
        app.respond(to: WebAppTests.request("GET", "/", host: host), from: "127.0.0.1", at: 0))
      #expect(response?.status.code == status, "Host: \(host)")
    }
  }

  @Test func theRefusalSaysWhereToAllowTheName() throws {
    let app = try WebAppTests.app()
    let response = WebAppTests.response(
      app.respond(to: WebAppTests.request("GET", "/", host: "Clock.Local:8080"), from: "127.0.0.1", at: 0))
    #expect(response?.status == .forbidden)
    let text = WebAppTests.text(response)
    #expect(text.contains(#"add allowed-hosts: [\"clock.local\"] to web.yaml"#), "\(text)")
  }

  @Test func withAPasswordAnyNameIsAnsweredAsBefore() throws {
    let app = try WebAppTests.app(password: "s3cret pass")
    for host in ["bad.cafe", "clock.example.org:8443", "127.0.0.1:8080"] {
      let page = WebAppTests.text(
        WebAppTests.response(app.respond(to: WebAppTests.request("GET", "/", host: host), from: "a", at: 0)))
      #expect(page.contains("action=\"/login\""), "Host: \(host)")
    }
  }

  /// `Origin` headers of a change to a server reached as `127.0.0.1:8080`, and the status.
  static let origins: [([String], Int)] = [
    ([], 200), (["http://127.0.0.1:8080"], 200), (["HTTP://127.0.0.1:8080"], 200),
    // A reverse proxy adding TLS in front passes the Host on.
    (["https://127.0.0.1:8080"], 200),
    (["null"], 403), ([""], 403), (["http://evil.example"], 403), (["http://evil.example:8080"], 403),
    (["http://localhost:8080"], 403), (["http://127.0.0.1"], 403), (["http://127.0.0.1:8081"], 403),
    (["http://127.0.0.1:8080/"], 403), (["http://127.0.0.1:8080@evil.example"], 403),
    (["ftp://127.0.0.1:8080"], 403), (["127.0.0.1:8080"], 403), (["http://[::1]:8080"], 403),
    (["http://127.0.0.1:8080", "http://evil.example"], 403),
  ]

  @Test func aChangeFromAnotherOriginIsRefusedEvenWithTheToken() throws {
    let clock = WebAppTests.FakeClock()
    let app = try WebAppTests.app(clock: clock)
    let page = WebAppTests.text(
      WebAppTests.response(app.respond(to: WebAppTests.request("GET", "/"), from: "127.0.0.1", at: 0)))
    let token = try #require(WebAppTests.token(page))
    var allowed = 0
    for (origins, status) in Self.origins {
      var request = WebAppTests.change(token, #"{"brightness": 40}"#)
      request.headers += origins.map { HTTPRequest.Header(name: "origin", value: $0) }
      let response = WebAppTests.response(app.respond(to: request, from: "127.0.0.1", at: 0))
      #expect(response?.status.code == status, "Origin: \(origins)")
      if status == 403 { #expect(WebAppTests.text(response).contains("another site")) }
      if status == 200 { allowed += 1 }
    }
    #expect(clock.seen.count == allowed, "a refused change reached the clock")
  }

  @Test func theOriginIsComparedWithTheHostTheRequestCameBy() throws {
    let app = try WebAppTests.app(allowedHosts: ["clock.local"])
    let page = WebAppTests.text(
      WebAppTests.response(app.respond(to: WebAppTests.request("GET", "/"), from: "127.0.0.1", at: 0)))
    let token = try #require(WebAppTests.token(page))
    let cases: [(host: String, origin: String, status: Int)] = [
      ("clock.local", "http://clock.local", 200), ("clock.local", "http://clock.local:80", 200),
      ("clock.local:80", "http://clock.local", 200), ("clock.local", "https://clock.local", 200),
      ("Clock.Local.", "http://clock.local", 200), ("[::1]:8080", "http://[::1]:8080", 200),
      ("clock.local", "http://clock.local:8080", 403), ("clock.local", "https://clock.local:80", 403),
      ("[::1]:8080", "http://127.0.0.1:8080", 403),
    ]
    for (host, origin, status) in cases {
      let request = WebAppTests.request(
        "POST", "/api/settings", host: host,
        headers: [("content-type", "application/json"), ("x-csrf-token", token), ("origin", origin)],
        body: #"{"brightness": 40}"#)
      let response = WebAppTests.response(app.respond(to: request, from: "127.0.0.1", at: 0))
      #expect(response?.status.code == status, "Host: \(host), Origin: \(origin)")
    }
  }

  @Test func withAPasswordTheLoginAndChangesCheckTheOriginToo() throws {
    let clock = WebAppTests.FakeClock()
    let app = try WebAppTests.app(password: "pw", clock: clock)
    let form = [("content-type", "application/x-www-form-urlencoded")]
    let foreign = WebAppTests.response(
      app.respond(
        to: WebAppTests.request(
          "POST", "/login", headers: form + [("origin", "http://evil.example")], body: "password=pw"),
        from: "a", at: 0))
    #expect(foreign?.status == .forbidden)
    let own = WebAppTests.login(
      app,
      app.respond(
        to: WebAppTests.request(
          "POST", "/login", headers: form + [("origin", "http://127.0.0.1:8080")], body: "password=pw"),
        from: "a", at: 0), at: 0)
    let cookie = try #require(own?.headers.first { $0.name == "Set-Cookie" }?.value.prefix { $0 != ";" })
    let page = WebAppTests.text(
      WebAppTests.response(
        app.respond(
          to: WebAppTests.request("GET", "/", headers: [("cookie", String(cookie))]), from: "a", at: 1)))
    let token = try #require(WebAppTests.token(page))
    var change = WebAppTests.change(token, #"{"brightness": 40}"#, cookie: String(cookie))
    change.headers.append(HTTPRequest.Header(name: "origin", value: "null"))
    #expect(WebAppTests.response(app.respond(to: change, from: "a", at: 2))?.status == .forbidden)
    #expect(clock.seen.isEmpty)
    // Reading is not a change: a GET from elsewhere is answered (the page's own rules apply).
    let read = WebAppTests.request(
      "GET", "/api/state", headers: [("cookie", String(cookie)), ("origin", "http://evil.example")])
    #expect(WebAppTests.response(app.respond(to: read, from: "a", at: 2))?.status == .ok)
  }
}
