import NixieTestSupport
import NixieWeb
import Testing

/// The HTTP parser against hostile and malformed requests: each gets the status RFC 9110/9112
/// gives it, whether the bytes come at once or one at a time, and random bytes never crash it.
struct HTTPRequestParserTests {
  static func parse(_ text: String, limits: HTTPLimits = HTTPLimits(), byteByByte: Bool = false)
    -> HTTPRequestParser.Outcome
  {
    var parser = HTTPRequestParser(limits: limits)
    let bytes = Array(text.utf8)
    guard byteByByte else { return parser.feed(bytes) }
    var outcome = HTTPRequestParser.Outcome.needMore
    for byte in bytes { outcome = parser.feed([byte]) }
    return outcome
  }

  static let get = "GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n"

  @Test func aPlainRequestIsRead() {
    for byteByByte in [false, true] {
      guard case .request(let request) = Self.parse(Self.get, byteByByte: byteByByte) else {
        Issue.record("not read")
        return
      }
      #expect(request.method == "GET")
      #expect(request.path == "/api/state")
      #expect(request.header("host") == "127.0.0.1:8080")
      #expect(request.body.isEmpty)
    }
  }

  @Test func aBodyIsReadToItsLengthAndCookiesAndQueriesAreFound() {
    let text =
      "POST /api/settings?x=1 HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\n"
      + "Cookie: a=1; nixie_session=abc\r\nContent-Length: 17\r\n\r\n{\"brightness\": 4}"
    guard case .request(let request) = Self.parse(text, byteByByte: true) else {
      Issue.record("not read")
      return
    }
    #expect(request.query == "x=1")
    #expect(request.cookie("nixie_session") == "abc")
    #expect(String(decoding: request.body, as: UTF8.self) == "{\"brightness\": 4}")
    #expect(Self.parse(String(text.dropLast(3))) == .needMore)
  }

  static let long = String(repeating: "a", count: 3000)

  /// Hostile requests with the status each must get. A typed property, not a literal in
  /// `@Test(arguments:)`: Swift 6.0.3 cannot type-check that one in reasonable time.
  static let hostileRequests: [(String, Int)] = [
    ("GET / HTTP/1.1\nHost: h\n\n", 400),
    ("GET / HTTP/1.1\r\nHost: h\n\r\n\r\n", 400),
    ("GET  / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET / HTTP/1.1 x\r\nHost: h\r\n\r\n", 400),
    ("GET /\r\nHost: h\r\n\r\n", 400),
    ("GE(T / HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("DELETE / HTTP/1.1\r\nHost: h\r\n\r\n", 501),
    ("GET / HTTP/2.0\r\nHost: h\r\n\r\n", 505),
    ("GET / FTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET http://evil/ HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET /a\u{7F}b HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET /é HTTP/1.1\r\nHost: h\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost : h\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost h\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: h\r\nX: a\u{01}b\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: h\r\nX: a\rb\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 501),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -5\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 5x\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
    ("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 16385\r\n\r\n", 413),
    ("POST / HTTP/1.1\r\nHost: h\r\n\r\n", 411),
    ("GET /" + long + " HTTP/1.1\r\nHost: h\r\n\r\n", 414),
    ("GET /" + long, 414),
    (
      "GET / HTTP/1.1\r\nHost: h\r\n"
        + String(repeating: "X-A: " + String(repeating: "b", count: 100) + "\r\n", count: 90), 431
    ),
    ("GET / HTTP/1.1\r\nHost: h\r\n" + String(repeating: "X-A: b\r\n", count: 70) + "\r\n", 431),
  ]

  @Test(arguments: hostileRequests)
  func aHostileRequestGetsItsStatus(_ text: String, _ status: Int) {
    for byteByByte in [false, true] {
      guard case .failure(let error) = Self.parse(text, byteByByte: byteByByte) else {
        Issue.record("not refused: \(Self.parse(text, byteByByte: byteByByte))")
        return
      }
      #expect(error.status.code == status, "\(error)")
      #expect(!error.message.isEmpty)
    }
  }

  @Test func anOutcomeStaysWhateverComesAfter() {
    var parser = HTTPRequestParser()
    let first = parser.feed(Array(Self.get.utf8))
    #expect(parser.feed(Array("GARBAGE\r\n\r\n".utf8)) == first)
  }

  /// Random bytes, random printable heads, random splits: the parser answers or waits, never
  /// crashes, and never holds more than its limits allow.
  @Test func randomBytesNeverCrashIt() {
    var random = SplitMix64(state: 9)
    let alphabet = Array("GET POST /:\r\n HTTP/1.1 Host Content-Length 0123456789 abc%\t".utf8)
    for round in 0..<1000 {
      var parser = HTTPRequestParser()
      var outcome = HTTPRequestParser.Outcome.needMore
      for _ in 0..<Int.random(in: 1...20, using: &random) {
        let count = Int.random(in: 0...600, using: &random)
        let chunk = (0..<count).map { _ in
          round % 2 == 0
            ? UInt8.random(in: 0...255, using: &random)
            : alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
        }
        outcome = parser.feed(chunk)
      }
      if case .request(let request) = outcome { #expect(request.body.count <= HTTPLimits().maximumBodyBytes) }
    }
  }
}
