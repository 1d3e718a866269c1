/// A set of cathodes of one display position, as bits indexed by the position's tube model.
///
/// A value of 32 bits: no tube has more cathodes, and frames of them copy without allocating.
public struct CathodeSet: Hashable, Sendable {
  /// Bit `i` is set when cathode `i` of the tube model is in the set.
  public var bits: UInt32

  public init(bits: UInt32 = 0) { self.bits = bits }

  /// The empty set: a dark tube.
  public static let none = CathodeSet()

  /// The set holding only cathode `index`.
  public static func only(_ index: Int) -> CathodeSet { CathodeSet(bits: 1 << UInt32(index)) }

  public var isEmpty: Bool { bits == 0 }
  public var count: Int { bits.nonzeroBitCount }

  public func contains(_ index: Int) -> Bool { bits & (1 << UInt32(index)) != 0 }

  public mutating func insert(_ index: Int) { bits |= 1 << UInt32(index) }
  public mutating func remove(_ index: Int) { bits &= ~(1 << UInt32(index)) }

  public func union(_ other: CathodeSet) -> CathodeSet { CathodeSet(bits: bits | other.bits) }
  public func intersection(_ other: CathodeSet) -> CathodeSet { CathodeSet(bits: bits & other.bits) }
  public func subtracting(_ other: CathodeSet) -> CathodeSet { CathodeSet(bits: bits & ~other.bits) }

  /// The indices in the set, lowest first.
  public var indices: [Int] {
    var result: [Int] = []
    var rest = bits
    while rest != 0 {
      result.append(rest.trailingZeroBitCount)
      rest &= rest - 1
    }
    return result
  }
}
