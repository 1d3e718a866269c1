/// Milliseconds as people write them in scripts and read them in event logs: a decimal with
/// up to six places, exactly converted to and from nanoseconds.
public enum Milliseconds {
  /// The nanoseconds of a non-negative decimal like `120`, `2.5` or `0.125`; nil if `text` is
  /// not one, has more than six decimals, or exceeds `limit` ms.
  public static func nanoseconds(parsing text: Substring, limit: UInt64 = 1_000_000_000) -> UInt64? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit),
      whole.count <= 10, let ms = UInt64(whole), ms <= limit
    else { return nil }
    var fraction: UInt64 = 0
    if parts.count == 2 {
      let digits = parts[1]
      guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy(\.isASCIIDigit),
        let value = UInt64(digits)
      else { return nil }
      fraction = value * power(10, 6 - digits.count)
    }
    return ms * 1_000_000 + fraction
  }

  /// `ns` in milliseconds, without trailing zeros: `120`, `2.5`, `0.000125`.
  public static func text(_ ns: UInt64) -> String {
    let whole = ns / 1_000_000
    let fraction = ns % 1_000_000
    guard fraction != 0 else { return String(whole) }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 6 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(whole).\(digits)"
  }

  private static func power(_ base: UInt64, _ exponent: Int) -> UInt64 {
    (0..<exponent).reduce(1) { result, _ in result * base }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
