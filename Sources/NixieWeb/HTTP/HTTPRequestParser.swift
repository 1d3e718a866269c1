import NixieText

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
    do throws(HTTPError) {
      let lines = try Self.lines(of: bytes)
      guard let first = lines.first else { throw Self.bad("no request line") }
      let start = try requestLine(first)
      let headers = try headers(lines.dropFirst())
      let request = HTTPRequest(
        method: start.method, path: start.path, query: start.query, version: start.version, headers: headers)
      return .success((request, try bodyLength(of: request)))
    } catch {
      return .failure(error)
    }
  }

  /// A bad request saying `message`.
  private static func bad(_ message: String) -> HTTPError { HTTPError(.badRequest, message) }

  /// The head's lines, each ended by CRLF (the last by the blank line, cut off before).
  private static func lines(of bytes: [UInt8]) throws(HTTPError) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      if bytes[index] == 10 { throw bad("a line ends in a bare LF: lines end in CRLF") }
      if bytes[index] == 13 {
        guard index + 1 < bytes.count, bytes[index + 1] == 10 else { throw bad("a CR not followed by LF") }
        lines.append(bytes[start..<index])
        index += 2
        start = index
        continue
      }
      index += 1
    }
    lines.append(bytes[start..<bytes.count])
    return lines
  }

  /// `METHOD TARGET VERSION`: a method spoken here, a path in visible ASCII within the
  /// limit, split at its `?`, and HTTP/1.1 or 1.0.
  private func requestLine(_ line: ArraySlice<UInt8>) throws(HTTPError)
    -> (method: String, path: String, query: String, version: String)
  {
    let parts = line.split(separator: 32, omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
      throw Self.bad("the request line must be METHOD TARGET VERSION, one space apart")
    }
    let method = String(decoding: parts[0], as: UTF8.self)
    guard parts[0].allSatisfy(Self.isTokenByte) else { throw Self.bad("the method is not a token") }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version.hasPrefix("HTTP/") else { throw Self.bad("the version is not HTTP/1.1") }
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      throw HTTPError(.versionNotSupported, "only HTTP/1.1 and HTTP/1.0 are spoken here")
    }
    guard Self.methods.contains(method) else {
      throw HTTPError(.notImplemented, "the method is not one of GET, HEAD, POST")
    }
    let target = parts[1]
    guard target.count <= limits.maximumTargetBytes else {
      throw HTTPError(.uriTooLong, "the target is over \(limits.maximumTargetBytes) bytes")
    }
    guard target.first == UInt8(ascii: "/"), target.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw Self.bad("the target must be a path starting with / in visible ASCII")
    }
    let text = String(decoding: target, as: UTF8.self)
    guard let mark = text.firstIndex(of: "?") else { return (method, text, "", version) }
    return (method, String(text[..<mark]), String(text[text.index(after: mark)...]), version)
  }

  /// The header fields, names lowercased and values trimmed: no more than the limit, none
  /// folded, a token before each colon, no control character in a value.
  private func headers(_ lines: ArraySlice<ArraySlice<UInt8>>) throws(HTTPError) -> [HTTPRequest.Header] {
    var headers: [HTTPRequest.Header] = []
    for line in lines {
      guard headers.count < limits.maximumHeaders else {
        throw HTTPError(.headersTooLarge, "more than \(limits.maximumHeaders) header fields")
      }
      guard let first = line.first else { throw Self.bad("an empty header line") }
      if first == 32 || first == 9 { throw Self.bad("folded header lines are not accepted") }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
        throw Self.bad("a header line without a colon")
      }
      let name = line[line.startIndex..<colon]
      guard !name.isEmpty, name.allSatisfy(Self.isTokenByte) else {
        throw Self.bad("a header name that is not a token (no spaces before the colon)")
      }
      let value = line[(colon + 1)...]
      guard value.allSatisfy({ $0 == 9 || (0x20...0x7E).contains($0) || $0 >= 0x80 }) else {
        throw Self.bad("a control character in a header value")
      }
      headers.append(
        HTTPRequest.Header(
          name: String(decoding: name, as: UTF8.self).lowercased(),
          value: String(String(decoding: value, as: UTF8.self)[...].trimmingSpacesAndTabs)))
    }
    return headers
  }

  /// How many body bytes follow the head: one Host (HTTP/1.1), no Transfer-Encoding, one
  /// decimal Content-Length within the limit, which a POST must give.
  private func bodyLength(of request: HTTPRequest) throws(HTTPError) -> Int {
    let headers = request.headers
    let hosts = headers.filter { $0.name == "host" }
    if request.version == "HTTP/1.1" && hosts.count != 1 {
      throw Self.bad("an HTTP/1.1 request needs exactly one Host header")
    }
    if hosts.count > 1 { throw Self.bad("more than one Host header") }
    if headers.contains(where: { $0.name == "transfer-encoding" }) {
      throw HTTPError(.notImplemented, "Transfer-Encoding is not accepted: send Content-Length")
    }
    let lengths = Set(headers.filter { $0.name == "content-length" }.map(\.value))
    guard lengths.count <= 1 else { throw Self.bad("conflicting Content-Length headers") }
    guard let given = lengths.first else {
      if request.method == "POST" { throw HTTPError(.lengthRequired, "a POST needs Content-Length") }
      return 0
    }
    guard !given.isEmpty, given.utf8.count <= 12, given.utf8.allSatisfy({ (48...57).contains($0) }),
      let value = Int(given)
    else { throw Self.bad("Content-Length must be a decimal number") }
    guard value <= limits.maximumBodyBytes else {
      throw HTTPError(.contentTooLarge, "the body is over \(limits.maximumBodyBytes) bytes")
    }
    return value
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
