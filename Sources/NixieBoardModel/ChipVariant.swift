/// A second chip family a board may carry, told apart by a line read once at start (NCS314:
/// BCM 6 is low when the R5222 resistor is fitted, and the chips are HV5222).
public struct ChipVariant: Hashable, Sendable {
  /// The detect line's gpiochip and offset.
  public var chip: String
  public var line: UInt32
  /// Ask for the pull-up bias before reading.
  public var pullUp: Bool
  /// The chip when the line reads low, and the board's outputs for it (the same pins, that
  /// chip's stage order).
  public var whenLow: ChipModel
  public var outputsWhenLow: OutputMap

  public init(chip: String, line: UInt32, pullUp: Bool, whenLow: ChipModel, outputsWhenLow: OutputMap) {
    self.chip = chip
    self.line = line
    self.pullUp = pullUp
    self.whenLow = whenLow
    self.outputsWhenLow = outputsWhenLow
  }
}
