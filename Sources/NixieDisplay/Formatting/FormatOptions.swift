/// How `ValueFormatter` lays a value out (the `nixie show` options of docs/INTERFACE.md).
public struct FormatOptions: Hashable, Sendable {
  /// What fills the tubes a number does not use.
  public enum Padding: String, Hashable, Sendable, CaseIterable {
    /// Unused tubes stay dark.
    case blank
    /// Unused tubes left of a number show 0.
    case zero
  }

  /// Round numbers to this many decimal places (half away from zero); `nil` keeps the digits as typed.
  /// At most `maximumDecimals`.
  public var decimals: Int?
  /// The most decimals `decimals` may ask for, as `nixie show --decimals` allows: more than any
  /// display has tubes, few enough that rounding never allocates more than a few bytes.
  public static let maximumDecimals = 20
  public var padding: Padding
  /// Show a dark tube for a character the board cannot show and drop separators that have no
  /// place, instead of failing.
  public var lenient: Bool
  /// Put a dark tube between groups of three digits of a number, counted from its point both
  /// ways, as SI and ISO 80000-1 write numbers (`12 345`, `1 234.5`); never a dot, which would
  /// read as a decimal point. No effect on text.
  public var groupDigits: Bool

  public init(
    decimals: Int? = nil, padding: Padding = .blank, lenient: Bool = false, groupDigits: Bool = false
  ) {
    self.decimals = decimals
    self.padding = padding
    self.lenient = lenient
    self.groupDigits = groupDigits
  }
}
