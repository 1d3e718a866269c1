/// What one exixe module shows: the brightness of each digit and dot and its LED colour, as
/// its firmware holds them between commands. At power-on (and after a reset) all are 0.
public struct ExixeModule: Sendable, Equatable {
  /// Brightness 0–127 of each digit, indexed by digit.
  public var digits: [Int] = Array(repeating: 0, count: 10)
  public var leftDot = 0
  public var rightDot = 0
  public var red = 0
  public var green = 0
  public var blue = 0
  public var overdrive = false

  public init() {}

  /// The digits with a brightness above 0, in increasing order.
  public var litDigits: [Int] { digits.indices.filter { digits[$0] > 0 } }

  /// The module after it received `command`.
  public mutating func apply(_ command: ExixeCommand) {
    overdrive = command.overdrive
    for (field, value) in command.updates {
      switch field {
      case .digit(let digit): digits[digit] = value
      case .leftDot: leftDot = value
      case .rightDot: rightDot = value
      case .red: red = value
      case .green: green = value
      case .blue: blue = value
      }
    }
  }
}
