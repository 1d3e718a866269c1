import NixieText

/// A response as `nixie web` writes it: status, headers, body. Every response carries the
/// security headers (no framing, no sniffing, no referrer to other sites, a content security
/// policy that allows only nixie's own files) and `Connection: close`: one request per
/// connection.
public struct HTTPResponse: Hashable, Sendable {
  public var status: HTTPStatus
  public var headers: [HTTPRequest.Header]
  public var body: [UInt8]

  public init(
    status: HTTPStatus = .ok, contentType: String, body: [UInt8], headers: [HTTPRequest.Header] = []
  ) {
    self.status = status
    self.body = body
    self.headers = [HTTPRequest.Header(name: "Content-Type", value: contentType)] + headers
  }

  /// The policy: scripts, styles, images, the manifest and connections from this server only.
  static let contentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; manifest-src 'self';"
    + " connect-src 'self';"
    + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

  /// The headers every response has. `Referrer-Policy: same-origin`, not `no-referrer`: under
  /// `no-referrer` a browser sends `Origin: null` with the login form's POST (Fetch, "append a
  /// request Origin header"), which `WebApp` refuses as a change from elsewhere.
  static let common = [
    HTTPRequest.Header(name: "Content-Security-Policy", value: contentSecurityPolicy),
    HTTPRequest.Header(name: "X-Content-Type-Options", value: "nosniff"),
    HTTPRequest.Header(name: "X-Frame-Options", value: "DENY"),
    HTTPRequest.Header(name: "Referrer-Policy", value: "same-origin"),
  ]

  /// `{"error": MESSAGE}` with `status`.
  public static func error(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
    json(JSONText.object([("error", JSONText.quoted(message))]), status: status)
  }

  /// A JSON body (already JSON text), not to be cached.
  public static func json(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "application/json; charset=utf-8", body: Array(text.utf8),
      headers: [HTTPRequest.Header(name: "Cache-Control", value: "no-store")])
  }

  /// The bytes on the wire (the body left out for a HEAD request).
  public func bytes(includingBody: Bool = true) -> [UInt8] {
    var head = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
    for header in headers + Self.common {
      head += header.name + ": " + header.value + "\r\n"
    }
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    return Array(head.utf8) + (includingBody ? body : [])
  }
}
