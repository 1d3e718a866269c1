/// Which backend drives the board.
public enum Backend: String, CaseIterable, Sendable {
  /// The chips in software, drawn in the terminal.
  case sim
  /// The board's real transport (libgpiod, spidev or i2c-dev).
  case hardware
}
