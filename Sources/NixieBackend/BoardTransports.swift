import NixieBoardModel
import NixieCore
import NixieDrivers
import NixieTransports

/// A board's transports opened through a `TransportOpener`, the same way on every backend: a
/// board with a chip variant has its detect line read once first, as the vendor firmware does,
/// and is driven as the chips it carries (`board`); then the display's GPIO lines, the
/// backlight's (a request of their own, dark at first), and the SPI device or the I2C bus, in
/// that order, as its `TransportPlan` lists them. `driver(lines:clock:)` builds the driver on
/// them (`DisplayDrivers`).
public struct BoardTransports {
  /// The profile as driven: resolved for the chip variant the detect line reported.
  public let board: BoardProfile
  public let plan: TransportPlan
  /// Whether the detect line read low (the variant's chips are fitted); nil without a variant.
  public let detectedLow: Bool?
  /// The display's GPIO output lines (nil on expander boards).
  public let outputs: GPIOLines?
  /// The backlight's PWM lines (`TransportPlan.backlight`); nil when the board has none.
  public let backlight: GPIOLines?
  public let spi: SPIDevice?
  public let i2c: I2CBus?

  /// Opens what `profile` needs through `opener`; the first failure is the opener's error.
  public init(_ profile: BoardProfile, opener: TransportOpener) throws {
    var low: Bool?
    if let variant = profile.variant {
      low = !(try opener.readLevel(chip: variant.chip, line: variant.line, pullUp: variant.pullUp))
    }
    detectedLow = low
    board = profile.resolved(detectLow: low ?? false)
    plan = TransportPlan(board: board)
    outputs = try plan.outputs.map { outputs throws in try opener.openOutputs(outputs) }
    backlight = try plan.backlight.map { rgb throws in
      let dark = rgb.activeHigh ? LineSet() : LineSet([.red, .green, .blue])
      return try opener.openOutputs(
        TransportPlan.Outputs(chip: rgb.chip, lines: rgb.lines, initialLevels: dark))
    }
    spi = try plan.spi.map { wiring throws in try opener.openSPI(wiring) }
    i2c = spi == nil ? try plan.i2c.map { expanders throws in try opener.openI2C(expanders) } : nil
  }

  /// The board's driver on these transports, with `lines` for the display's GPIO lines (the
  /// opened `outputs`, or a wrapper of them that watches the writes); nil when the board lacks
  /// the wiring its chip needs.
  public func driver(lines: GPIOLines?, clock: MonotonicClock) -> DisplayDriver? {
    DisplayDrivers.driver(for: board, lines: lines, spi: spi, i2c: i2c, clock: clock)
  }
}
