import NixieText

/// One HTTP/1.1 request as `HTTPRequestParser` read it: method, path, query, headers, body.
public struct HTTPRequest: Hashable, Sendable {
  public var method: String
  /// The path, percent-decoding left to the router (`/api/state`).
  public var path: String
  /// The query string after `?`, without it; empty when there is none.
  public var query: String
  /// `HTTP/1.1` or `HTTP/1.0`.
  public var version: String
  /// Header fields in order, names in lower case, values trimmed.
  public var headers: [Header]
  public var body: [UInt8]

  /// One header field.
  public struct Header: Hashable, Sendable {
    public var name: String
    public var value: String
  }

  public init(
    method: String, path: String, query: String = "", version: String = "HTTP/1.1", headers: [Header] = [],
    body: [UInt8] = []
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.version = version
    self.headers = headers
    self.body = body
  }

  /// The first value of header `name` (lower case).
  public func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

  /// The value of cookie `name`, if the request carries it.
  public func cookie(_ name: String) -> String? {
    for header in headers where header.name == "cookie" {
      for pair in header.value.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingSpacesAndTabs == name {
          return String(parts[1].trimmingSpacesAndTabs)
        }
      }
    }
    return nil
  }
}
