/// What a row of tubes and colons shows in one frame, left to right, as a decoder read it.
///
/// `text` writes it compactly for tests: a tube as its lit digit, a space when dark and
/// `[18]` when several digits are lit at once; a colon as `:` (both dots), `'` (upper only),
/// `.` (lower only) or a space (neither). NCS314 showing 12:34:56 with its dots on reads
/// `"12:34:56"`.
public struct TubeReading: Sendable, Equatable, CustomStringConvertible {
  /// One position of the row.
  public enum Item: Sendable, Equatable {
    /// A digit tube and its lit digits, in increasing order.
    case tube(lit: [Int])
    /// A pair of dots between two tubes.
    case colon(upper: Bool, lower: Bool)
  }

  public var items: [Item]

  public init(items: [Item]) { self.items = items }

  /// The lit digits of every tube, left to right.
  public var tubes: [[Int]] {
    items.compactMap { item in
      if case .tube(let lit) = item { return lit }
      return nil
    }
  }

  public var text: String {
    items.map { item in
      switch item {
      case .tube(let lit):
        switch lit.count {
        case 0: return " "
        case 1: return String(lit[0])
        default: return "[" + lit.map(String.init).joined() + "]"
        }
      case .colon(let upper, let lower):
        switch (upper, lower) {
        case (true, true): return ":"
        case (true, false): return "'"
        case (false, true): return "."
        case (false, false): return " "
        }
      }
    }.joined()
  }

  public var description: String { text }

  /// The digits lit in a one-hot field of ten bits starting at bit `shift` of `word`: bit
  /// `shift + n` lights digit n.
  static func oneHotDigits(in word: UInt64, shift: Int) -> [Int] {
    (0..<10).filter { word >> UInt64(shift + $0) & 1 == 1 }
  }
}
