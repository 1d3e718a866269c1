/// Why a spinner cannot be made from the values and settings given.
public enum SpinnerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// There is nothing to choose from.
  case noValues
  /// The initial index is outside the list.
  case initialOutOfRange(index: Int, count: Int)
  /// The initial index names a disabled value.
  case initialDisabled(index: Int)
  /// A disabled index is outside the list.
  case disabledOutOfRange(index: Int, count: Int)
  /// Every value is disabled.
  case allDisabled

  public var description: String {
    switch self {
    case .noValues: "there are no values to choose from"
    case .initialOutOfRange(let index, let count):
      "initial index \(index) is outside the \(count) values (0-based: 0…\(count - 1))"
    case .initialDisabled(let index): "initial index \(index) is disabled"
    case .disabledOutOfRange(let index, let count):
      "disabled index \(index) is outside the \(count) values (0-based: 0…\(count - 1))"
    case .allDisabled: "every value is disabled: nothing could be chosen"
    }
  }
}
