/// A body `nixie web` serves as it is or gzip-encoded, whichever the request accepts
/// (`AcceptEncoding`): compressed once, when it is made, and sent compressed only when that is
/// smaller. For files, never for what holds a secret (the page's CSRF token, compressed beside
/// text an attacker chose, would leak through the length: BREACH).
struct EncodedBody: Sendable {
  let contentType: String
  let plain: [UInt8]
  let gzipped: [UInt8]?

  init(_ text: String, contentType: String) {
    self.contentType = contentType
    let plain = Array(text.utf8)
    self.plain = plain
    gzipped = Gzip.compressed(plain).flatMap { $0.count < plain.count ? $0 : nil }
  }

  /// The response to `request`: `Content-Encoding: gzip` when it accepts that, and `Vary:
  /// Accept-Encoding` either way.
  func response(to request: HTTPRequest, headers: [HTTPRequest.Header] = []) -> HTTPResponse {
    var extra = headers + [HTTPRequest.Header(name: "Vary", value: "Accept-Encoding")]
    var body = plain
    let accepts = request.headers.filter { $0.name == "accept-encoding" }.map(\.value)
    if let gzipped, AcceptEncoding.allowsGzip(accepts) {
      body = gzipped
      extra.append(HTTPRequest.Header(name: "Content-Encoding", value: "gzip"))
    }
    return HTTPResponse(contentType: contentType, body: body, headers: extra)
  }
}
