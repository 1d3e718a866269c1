import NixieText

/// What a request's `Accept-Encoding` (RFC 9110 §12.5.3) allows: whether a response may be
/// sent gzip-encoded. Gzip when it is acceptable (`gzip` or `x-gzip`, §8.4.1.3, or else `*`,
/// with a weight above 0) and not less preferred than no encoding when the request weighs that
/// too (`identity`, or else `*`). Without the header, with an empty one, or with anything that
/// is not `coding[;q=WEIGHT]` elements (a weight of 0 to 1 with at most three decimals), the
/// response goes as it is: always safe, never an error.
enum AcceptEncoding {
  /// Whether `values` (every `Accept-Encoding` field of the request, lists in order) allow gzip.
  static func allowsGzip(_ values: [String]) -> Bool {
    var weights: [String: Int] = [:]
    for value in values {
      for element in value.split(separator: ",", omittingEmptySubsequences: false) {
        let parts = element.split(separator: ";", omittingEmptySubsequences: false).map(
          \.trimmingSpacesAndTabs)
        guard let coding = parts.first else { continue }
        if coding.isEmpty && parts.count == 1 { continue }  // an empty list element
        guard !coding.isEmpty, coding.utf8.allSatisfy(HTTPRequestParser.isTokenByte), parts.count <= 2 else {
          return false
        }
        var weight = 1000
        if parts.count == 2 {
          guard let given = Self.weight(parts[1]) else { return false }
          weight = given
        }
        let name = HostAndPort.lowercased(coding)
        weights[name == "x-gzip" ? "gzip" : name] = weight
      }
    }
    let gzip = weights["gzip"] ?? weights["*"] ?? 0
    let identity = weights["identity"] ?? weights["*"] ?? 0
    return gzip > 0 && gzip >= identity
  }

  /// `q=0.5` as thousandths (500): `qvalue` is `0[.DDD]` or `1[.000]`, `q` in either case.
  static func weight(_ text: Substring) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 3, bytes[0] | 0x20 == UInt8(ascii: "q"), bytes[1] == UInt8(ascii: "=") else {
      return nil
    }
    let value = bytes[2...]
    guard let first = value.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else {
      return nil
    }
    var thousandths = Int(first - UInt8(ascii: "0")) * 1000
    let rest = value.dropFirst()
    guard !rest.isEmpty else { return thousandths }
    let decimals = rest.dropFirst()
    guard rest.first == UInt8(ascii: "."), decimals.count <= 3,
      decimals.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    for (index, digit) in decimals.enumerated() {
      thousandths += Int(digit - UInt8(ascii: "0")) * [100, 10, 1][index]
    }
    return thousandths <= 1000 ? thousandths : nil
  }
}
