/// Reads one HTTP/1.1 request from the bytes a client sends, as they arrive, and refuses
/// anything it should not have to guess about: every refusal is an `HTTPError` with the status
/// RFC 9110/9112 gives it and a message.
///
/// Strict on purpose: lines end in CRLF; the request line is exactly `METHOD TARGET VERSION`;
/// the target is an absolute path of visible ASCII; header names are tokens with nothing
/// between name and colon; folded lines, control characters, a missing or repeated `Host`,
/// `Transfer-Encoding` (no chunked bodies) and conflicting `Content-Length`s are refused;
/// heads, targets, header counts and bodies have limits (431, 414, 413).
public struct HTTPRequestParser: Sendable {
  /// What the bytes so far amount to.
  public enum Outcome: Hashable, Sendable {
    case needMore
    case request(HTTPRequest)
    case failure(HTTPError)
  }

  public let limits: HTTPLimits
  private var buffer: [UInt8] = []
  /// The head, once read, and the body's length.
  private var head: (request: HTTPRequest, bodyLength: Int)?
  private var outcome: Outcome = .needMore
  /// How far the head has been searched for its end (bytes fed one at a time cost no rescans).
  private var scanned = 0
  /// Whether the request line has ended (a LF was seen).
  private var sawLineFeed = false

  public init(limits: HTTPLimits = HTTPLimits()) { self.limits = limits }

  /// The methods routes may have.
  static let methods: Set = ["GET", "HEAD", "POST"]

  /// Adds bytes from the client; once a request or a failure is the outcome, it stays.
  public mutating func feed(_ bytes: [UInt8]) -> Outcome {
    guard outcome == .needMore else { return outcome }
    buffer += bytes
    outcome = step()
    return outcome
  }

  private mutating func step() -> Outcome {
    if head == nil {
      let search = searchHead()
      if case .bareLineFeed = search {
        return .failure(HTTPError(.badRequest, "a line ends in a bare LF: lines end in CRLF"))
      }
      guard case .end(let end) = search else {
        if sawLineFeed {
          if buffer.count > limits.maximumHeadBytes {
            return .failure(
              HTTPError(.headersTooLarge, "the request's head is over \(limits.maximumHeadBytes) bytes"))
          }
        } else if buffer.count > limits.maximumTargetBytes + 32 {
          return .failure(
            HTTPError(.uriTooLong, "the request line is over \(limits.maximumTargetBytes) bytes"))
        }
        return .needMore
      }
      guard end <= limits.maximumHeadBytes else {
        return .failure(
          HTTPError(.headersTooLarge, "the request's head is over \(limits.maximumHeadBytes) bytes"))
      }
      switch parseHead(Array(buffer[..<end])) {
      case .failure(let error): return .failure(error)
      case .success(let parsed): head = parsed
      }
      buffer.removeFirst(end + 4)
    }
    guard let (request, length) = head else { return .needMore }
    guard buffer.count >= length else { return .needMore }
    var complete = request
    complete.body = Array(buffer.prefix(length))
    return .request(complete)
  }

  /// What a search for the end of the head found.
  private enum HeadSearch {
    /// The head's blank line starts here (the index of its `\r\n\r\n`).
    case end(Int)
    /// A line ends in LF alone: never a head.
    case bareLineFeed
    case notYet
  }

  /// Searches only what came since the last search, so bytes fed one at a time cost no rescans.
  private mutating func searchHead() -> HeadSearch {
    var index = max(scanned - 3, 0)
    while index < buffer.count {
      if buffer[index] == 10 {
        sawLineFeed = true
        if index == 0 || buffer[index - 1] != 13 { return .bareLineFeed }
        if index >= 3 && buffer[index - 3] == 13 && buffer[index - 2] == 10 { return .end(index - 3) }
      }
      index += 1
    }
    scanned = buffer.count
    return .notYet
  }

  private func parseHead(_ bytes: [UInt8]) -> Result<(request: HTTPRequest, bodyLength: Int), HTTPError> {
    let bad = { (message: String) in
      Result<(request: HTTPRequest, bodyLength: Int), HTTPError>.failure(HTTPError(.badRequest, message))
    }
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == 10 { return bad("a line ends in a bare LF: lines end in CRLF") }
      if bytes[index] == 13 {
        guard index + 1 < bytes.count, bytes[index + 1] == 10 else {
          return bad("a CR not followed by LF")
        }
        lines.append(bytes[start..<index])
        index += 2
        start = index
        continue
      }
      index += 1
    }
    lines.append(bytes[start..<bytes.count])
    guard let requestLine = lines.first else { return bad("no request line") }
    let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
      return bad("the request line must be METHOD TARGET VERSION, one space apart")
    }
    let method = String(decoding: parts[0], as: UTF8.self)
    guard parts[0].allSatisfy(Self.isTokenByte) else { return bad("the method is not a token") }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version.hasPrefix("HTTP/") else { return bad("the version is not HTTP/1.1") }
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      return .failure(HTTPError(.versionNotSupported, "only HTTP/1.1 and HTTP/1.0 are spoken here"))
    }
    guard Self.methods.contains(method) else {
      return .failure(HTTPError(.notImplemented, "the method is not one of GET, HEAD, POST"))
    }
    let target = parts[1]
    guard target.count <= limits.maximumTargetBytes else {
      return .failure(HTTPError(.uriTooLong, "the target is over \(limits.maximumTargetBytes) bytes"))
    }
    guard target.first == UInt8(ascii: "/"), target.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      return bad("the target must be a path starting with / in visible ASCII")
    }
    let text = String(decoding: target, as: UTF8.self)
    let path: String
    var query = ""
    if let mark = text.firstIndex(of: "?") {
      path = String(text[..<mark])
      query = String(text[text.index(after: mark)...])
    } else {
      path = text
    }
    var headers: [HTTPRequest.Header] = []
    for line in lines.dropFirst() {
      guard headers.count < limits.maximumHeaders else {
        return .failure(HTTPError(.headersTooLarge, "more than \(limits.maximumHeaders) header fields"))
      }
      guard let first = line.first else { return bad("an empty header line") }
      if first == 32 || first == 9 { return bad("folded header lines are not accepted") }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
        return bad("a header line without a colon")
      }
      let name = line[line.startIndex..<colon]
      guard !name.isEmpty, name.allSatisfy(Self.isTokenByte) else {
        return bad("a header name that is not a token (no spaces before the colon)")
      }
      let value = line[(colon + 1)...]
      guard value.allSatisfy({ $0 == 9 || (0x20...0x7E).contains($0) || $0 >= 0x80 }) else {
        return bad("a control character in a header value")
      }
      headers.append(
        HTTPRequest.Header(
          name: String(decoding: name, as: UTF8.self).lowercased(),
          value: String(String(decoding: value, as: UTF8.self)[...].trimmingSpaces)))
    }
    let request = HTTPRequest(method: method, path: path, query: query, version: version, headers: headers)
    let hosts = headers.filter { $0.name == "host" }
    if version == "HTTP/1.1" && hosts.count != 1 {
      return bad("an HTTP/1.1 request needs exactly one Host header")
    }
    if hosts.count > 1 { return bad("more than one Host header") }
    if headers.contains(where: { $0.name == "transfer-encoding" }) {
      return .failure(HTTPError(.notImplemented, "Transfer-Encoding is not accepted: send Content-Length"))
    }
    let lengths = Set(headers.filter { $0.name == "content-length" }.map(\.value))
    guard lengths.count <= 1 else { return bad("conflicting Content-Length headers") }
    var length = 0
    if let given = lengths.first {
      guard !given.isEmpty, given.utf8.count <= 12, given.utf8.allSatisfy({ (48...57).contains($0) }),
        let value = Int(given)
      else { return bad("Content-Length must be a decimal number") }
      guard value <= limits.maximumBodyBytes else {
        return .failure(HTTPError(.contentTooLarge, "the body is over \(limits.maximumBodyBytes) bytes"))
      }
      length = value
    } else if method == "POST" {
      return .failure(HTTPError(.lengthRequired, "a POST needs Content-Length"))
    }
    return .success((request, length))
  }

  /// `tchar` of RFC 9110.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }
}
