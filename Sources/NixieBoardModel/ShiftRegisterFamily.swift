/// How a family of shift registers takes its bits, as data: the clock edge that shifts, what
/// the latch does, and the level its output-enable pin wants. The bit-banging driver and the
/// simulator's chain model read it instead of assuming one chip's waveform.
public struct ShiftRegisterFamily: Hashable, Sendable {
  /// What the latch input does.
  public enum Latch: Hashable, Sendable {
    /// The outputs follow the shift register while the latch input is high (HV5622 `LE`).
    case transparentWhileHigh
    /// The outputs take the shift register at the latch input's rising edge (74HC595 `STCP`).
    case risingEdge
  }

  /// The clock edge on which every stage takes the one before it and the first takes data.
  public var shiftsOnRisingEdge: Bool
  public var latch: Latch

  public init(shiftsOnRisingEdge: Bool, latch: Latch) {
    self.shiftsOnRisingEdge = shiftsOnRisingEdge
    self.latch = latch
  }

  /// HV5622, HV5522, HV5122, HV5222, HV5308, HV5408: shift on the falling clock edge, latch
  /// transparent while LE is high (the data sheets; docs/HARDWARE.md).
  public static let hv5622 = ShiftRegisterFamily(shiftsOnRisingEdge: false, latch: .transparentWhileHigh)
  /// HV57708: shift on the rising clock edge (the vendor clocks it in SPI mode 3), the frame
  /// taken when LE rises (docs/BOARDS.md: which level of `/LE` is transparent is not settled).
  public static let hv57708 = ShiftRegisterFamily(shiftsOnRisingEdge: true, latch: .risingEdge)
  /// 74HC595: shift on SHCP rising, storage register loaded on STCP rising.
  public static let hc595 = ShiftRegisterFamily(shiftsOnRisingEdge: true, latch: .risingEdge)

  /// Whether SPI `mode` (0–3) samples MOSI on the edge this family shifts on: modes 0 and 3
  /// sample on the rising edge, 1 and 2 on the falling one.
  public func acceptsSPIMode(_ mode: UInt8) -> Bool {
    let samplesOnRising = mode == 0 || mode == 3
    return samplesOnRising == shiftsOnRisingEdge
  }
}
