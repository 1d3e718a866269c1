/// What marks the end of an SPI frame on a board, so the chips take it.
public enum SPIFraming: Hashable, Sendable {
  /// The device's chip-select is wired to the chain's LE: low during the transfer, high after,
  /// which latches it (reference board 1 over spidev).
  case chipSelect
  /// A GPIO line of its own latches the chain (`le`); the device's chip-select drives nothing.
  case latch(LatchWiring)
  /// One active-low GPIO chip-select per module (`cs0`, `cs1`, …), each framing one command;
  /// the device's chip-select drives nothing.
  case selectPerModule(count: Int)
}

/// A latch line beside an SPI device: how it rests and what it does (docs/BOARDS.md).
public struct LatchWiring: Hashable, Sendable {
  /// The level it rests at between frames. NCS314 HW 2.x: high (low while shifting, rising
  /// after); HW 3.x: low (pulsed high after the transfer).
  public var idleHigh: Bool
  /// The line is also the chips' output enable (NCS314 HW 2.x and NCM109 wire LE to OE with
  /// the strobe tied on): while it is low the tubes are dark, so a dark frame lowers it and
  /// dimming is PWM on it.
  public var enablesOutputs: Bool

  public init(idleHigh: Bool, enablesOutputs: Bool) {
    self.idleHigh = idleHigh
    self.enablesOutputs = enablesOutputs
  }
}
