import NixieBoardModel
import NixieCore
import NixieTransports

/// The one place a board's chip picks its driver: given the transports opened for the board —
/// simulated or real — the driver that writes its frames.
public enum DisplayDrivers {
  /// The driver for `board` on the transports given: a shift-register chain clocked out by
  /// `spi` (with its latch, blanking and enable lines on `lines`) or bit-banged on `lines`,
  /// modules on `spi` selected one by one on `lines`, or the expanders on `i2c`. Nil when the
  /// board lacks the wiring its chip needs (a profile passes validation only with it).
  public static func driver(
    for board: BoardProfile, lines: GPIOLines?, spi: SPIDevice?, i2c: I2CBus?, clock: MonotonicClock
  ) -> DisplayDriver? {
    switch board.chip.interface {
    case .shiftRegister:
      if let spi { return ShiftChainSPIDriver(board: board, spi: spi, lines: lines) }
      if let lines { return ShiftChainBitBangDriver(board: board, lines: lines) }
      return nil
    case .module:
      guard let spi, let lines else { return nil }
      return ModuleCommandDriver(board: board, spi: spi, lines: lines)
    case .i2cExpander(let expander):
      guard let i2c else { return nil }
      return ExpanderDriver(board: board, expander: expander, bus: i2c, clock: clock)
    }
  }
}
