/// Why a value cannot be shown on a board, with a message that names the problem and says
/// what the board can show. `nixie` exits 2 with it.
public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, for code that reacts to it.
  public enum Reason: Hashable, Sendable {
    /// No tube of the board has a cathode for this character.
    case unsupportedCharacter(String)
    /// A negative number on a board without a minus cathode.
    case negativeWithoutMinus
    /// The value has more characters than the board has tubes.
    case tooLong(needed: Int, available: Int)
    /// A separator finds no separator position or decimal point, wherever the value is placed.
    case separatorWithoutPlace(Character)
    /// A character some tubes can show falls on tubes that cannot, wherever it is placed.
    case characterWithoutPlace(String)
    /// Every placement lights a cathode wired together with one (named `lit` and `companion`,
    /// e.g. `colon: lower` and `colon: upper`) that would light on the value or beside it.
    case wiredTogether(lit: String, companion: String)
    /// `--decimals` below zero.
    case invalidDecimals(Int)
  }

  public let reason: Reason
  /// The value as the user gave it.
  public let value: String
  public let description: String

  public init(_ reason: Reason, value: String, message: String) {
    self.reason = reason
    self.value = value
    self.description = message
  }
}
