import NixieSystem

/// A host and an optional port as a `Host` header (RFC 9110 §7.2) and an `Origin` (RFC 6454)
/// write them, taken apart for `nixie web`'s checks against DNS rebinding and other sites'
/// pages. The host is an IP literal — IPv4 in dotted decimal, IPv6 in brackets, both checked by
/// the C library's `inet_pton` (through `TCPSocket.Address`): four decimal parts of 0 to 255
/// without leading zeros, RFC 4291's text forms — or a host name as DNS has them (RFC 1123):
/// labels of letters, digits and hyphens, compared in lower case and without the dot that ends
/// an absolute name. Anything else is nil. `127.1` and `0x7f.1` are names, not addresses (and
/// no site can have them); a zone (`[fe80::1%eth0]`) names an interface of the client's machine,
/// not this server, and browsers do not send one: refused, as is a port that is not 1 to 65535.
public struct HostAndPort: Hashable, Sendable {
  /// An IP literal or a name.
  public enum Host: Hashable, Sendable {
    /// An IPv4 or IPv6 address as written, in lower case and without brackets.
    case address(String)
    /// A host name in lower case, without a final dot.
    case name(String)
  }

  public let host: Host
  public let port: UInt16?

  public init(host: Host, port: UInt16?) {
    self.host = host
    self.port = port
  }

  /// `HOST`, `HOST:PORT`, `[IPv6]` or `[IPv6]:PORT`; nil for anything else.
  public init?(_ text: Substring) {
    var rest = text
    if rest.first == "[" {
      guard let close = rest.firstIndex(of: "]") else { return nil }
      let inside = rest[rest.index(after: rest.startIndex)..<close]
      guard !inside.contains("%"), let address = TCPSocket.Address(host: String(inside), port: 0),
        address.isIPv6
      else { return nil }
      host = .address(Self.lowercased(inside))
      rest = rest[rest.index(after: close)...]
    } else {
      let end = rest.firstIndex(of: ":") ?? rest.endIndex
      let text = rest[..<end]
      if let address = TCPSocket.Address(host: String(text), port: 0), !address.isIPv6 {
        host = .address(String(text))
      } else if let name = Self.name(text) {
        host = .name(name)
      } else {
        return nil
      }
      rest = rest[end...]
    }
    guard !rest.isEmpty else {
      port = nil
      return
    }
    guard rest.first == ":", let port = Self.port(rest.dropFirst()) else { return nil }
    self.port = port
  }

  /// A host name in the form it is compared in: lower case, without the final dot of an
  /// absolute name (`Clock.Local.` is `clock.local`); nil when `text` is not one — labels of 1
  /// to 63 letters, digits and hyphens, not starting or ending with a hyphen, 253 bytes in all.
  public static func name(_ text: Substring) -> String? {
    var name = lowercased(text)
    if name.hasSuffix(".") { name.removeLast() }
    guard !name.isEmpty, name.utf8.count <= 253 else { return nil }
    for label in name.split(separator: ".", omittingEmptySubsequences: false) {
      guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-",
        label.utf8.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") })
      else { return nil }
    }
    return name
  }

  /// 1 to 5 decimal digits for a number from 1 to 65535.
  static func port(_ text: Substring) -> UInt16? {
    guard (1...5).contains(text.utf8.count), text.utf8.allSatisfy({ (48...57).contains($0) }),
      let value = UInt16(text), value > 0
    else { return nil }
    return value
  }

  /// ASCII letters in lower case, every other byte as it is (`Substring.lowercased` would map
  /// the Kelvin sign to `k`).
  static func lowercased(_ text: Substring) -> String {
    String(decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
  }

  private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// Whether `origin` (an `Origin` header's value, RFC 6454's serialisation: `SCHEME://HOST`
  /// with `:PORT` when it is not the scheme's default) names this host and port: the page that
  /// made the request was served from here. Either scheme is this server's own, `http` directly
  /// and `https` through a reverse proxy that passes the `Host` on; a port left out is the
  /// scheme's default on both sides. `null`, other schemes, paths and anything malformed are not.
  public func isOrigin(_ origin: String) -> Bool {
    let schemes: [(prefix: String, port: UInt16)] = [("http://", 80), ("https://", 443)]
    let lowered = Self.lowercased(origin[...])
    guard let scheme = schemes.first(where: { lowered.hasPrefix($0.prefix) }),
      let other = HostAndPort(lowered.dropFirst(scheme.prefix.count))
    else { return false }
    return other.host == host && (other.port ?? scheme.port) == (port ?? scheme.port)
  }
}
