/// What a host GPIO line does on a board; the names are those of the VCD trace (docs/INTERFACE.md).
public enum LineRole: Int, CaseIterable, Hashable, Sendable, Comparable {
  /// Shift-register data in.
  case din
  /// Shift-register clock.
  case clk
  /// Shift-register latch enable.
  case le
  /// Shift-register blanking (active low).
  case bl
  /// Rotary encoder contact A.
  case a
  /// Rotary encoder contact B.
  case b
  /// Rotary encoder push switch.
  case sw

  /// The lower-case name used in profiles and traces.
  public var name: String { String(describing: self) }

  public init?(name: String) {
    guard let role = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = role
  }

  public static func < (lhs: LineRole, rhs: LineRole) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A set of board lines, or their levels (bit set = high), in one byte.
///
/// A multi-line write is a pair of these: which lines it touches and the levels it sets.
public struct LineSet: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public init(_ roles: [LineRole]) {
    self.init(rawValue: roles.reduce(0) { $0 | 1 << UInt8($1.rawValue) })
  }

  public static func role(_ role: LineRole) -> LineSet { LineSet(rawValue: 1 << UInt8(role.rawValue)) }

  public static let din = role(.din)
  public static let clk = role(.clk)
  public static let le = role(.le)
  public static let bl = role(.bl)
  public static let a = role(.a)
  public static let b = role(.b)
  public static let sw = role(.sw)

  public func contains(_ role: LineRole) -> Bool { contains(.role(role)) }

  /// The roles in the set, in `LineRole` order.
  public var roles: [LineRole] { LineRole.allCases.filter(contains) }
}
