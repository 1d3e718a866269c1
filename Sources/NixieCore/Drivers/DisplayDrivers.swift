/// The one place a board's chip picks its driver: given the transports opened for the board —
/// simulated or real — the driver that writes its frames.
public enum DisplayDrivers {
  /// The driver for `board` on the transports given: an HV5622-family chain clocked out by
  /// `spi` (with BL on `lines`) or bit-banged on `lines`, or the expanders on `i2c`. Nil when
  /// the board lacks the wiring its chip needs (a profile passes validation only with it).
  public static func driver(
    for board: BoardProfile, lines: GPIOLines?, spi: SPIDevice?, i2c: I2CBus?, clock: MonotonicClock
  ) -> DisplayDriver? {
    switch board.chip.interface {
    case .shiftRegister:
      if let spi { return HV5622SPIDriver(board: board, spi: spi, blanking: lines) }
      if let lines { return HV5622BitBangDriver(board: board, lines: lines) }
      return nil
    case .i2cExpander(let expander):
      guard let i2c else { return nil }
      return ExpanderDriver(board: board, expander: expander, bus: i2c, clock: clock)
    }
  }
}
