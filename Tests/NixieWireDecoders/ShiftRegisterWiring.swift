/// How a host clocks a shift-register chain and latches it: which wires, which edges, how
/// many stages. The presets are the vendors' boards as their firmware drives them (BOARDS.md).
public struct ShiftRegisterWiring: Sendable, Equatable {
  /// The serial data wire (`mosi`, or `data` on a 74HC595 chain).
  public var data: String
  /// The shift clock (`sclk`, or `shcp`).
  public var clock: String
  /// The clock edge on which every stage takes the one before it (and the first takes data).
  public var shiftOn: ClockEdge
  /// The latch wire (`le`, or `stcp`).
  public var latch: String
  /// The edge after which the outputs hold the frame the firmware meant.
  public var latchOn: ClockEdge
  /// For a transparent latch (HV5122: outputs follow the register while LE is high), that
  /// level; nil for an edge-triggered storage register (74HC595).
  public var transparentLevel: Bool?
  /// The clock level the firmware leaves between frames (an SPI mode's CPOL), checked at
  /// every latch edge; nil not to check.
  public var clockIdleLevel: Bool?
  /// Whether the latch wire also switches the outputs on: on the NCS314 HW 2.x and NCM109
  /// the `LE` net goes to the HV5122's OE pin and its strobe is tied on, so the tubes show
  /// the register while LE is high and are dark while it is low.
  public var latchEnablesOutputs: Bool
  /// Stages in the chain: 32 per HV5122/HV5222, 64 per HV57708, 8 per 74HC595.
  public var stages: Int

  public init(
    data: String, clock: String, shiftOn: ClockEdge, latch: String, latchOn: ClockEdge,
    transparentLevel: Bool?, clockIdleLevel: Bool?, latchEnablesOutputs: Bool = false, stages: Int
  ) {
    self.data = data
    self.clock = clock
    self.shiftOn = shiftOn
    self.latch = latch
    self.latchOn = latchOn
    self.transparentLevel = transparentLevel
    self.clockIdleLevel = clockIdleLevel
    self.latchEnablesOutputs = latchEnablesOutputs
    self.stages = stages
  }

  /// A chain clocked by an SPI controller in `mode`, latched by a separate LE wire whose
  /// rising edge the firmware uses; the outputs follow the register while LE is high.
  public static func spi(mode: SPIMode, stages: Int, latchEnablesOutputs: Bool = false) -> ShiftRegisterWiring
  {
    ShiftRegisterWiring(
      data: WireNames.mosi, clock: WireNames.sclk, shiftOn: mode.samplingEdge, latch: WireNames.le,
      latchOn: .rising, transparentLevel: true, clockIdleLevel: mode.clockIdlesHigh,
      latchEnablesOutputs: latchEnablesOutputs, stages: stages)
  }

  /// NCS314 / NCS312 / NCS318 HW 2.x: two HV5122 (or HV5222), SPI mode 2; LE (on the chips'
  /// OE) low while shifting, high after.
  public static let ncs314 = spi(mode: .mode2, stages: 64, latchEnablesOutputs: true)
  /// NCS314 HW 3.x: one HV57708 (64 outputs), SPI mode 3, LE pulsed high after the transfer.
  /// The chip's pin is `/LE`, whose transparent level no vendor code settles: not checked.
  public static let ncs314V3 = ShiftRegisterWiring(
    data: WireNames.mosi, clock: WireNames.sclk, shiftOn: .rising, latch: WireNames.le, latchOn: .rising,
    transparentLevel: nil, clockIdleLevel: true, stages: 64)
  /// NCM109: one HV5122 (or HV5222), SPI mode 2; LE (on OE) low while shifting, high after.
  public static let ncm109 = spi(mode: .mode2, stages: 32, latchEnablesOutputs: true)
  /// Omnixie NTDB: five 74HC595, bit-banged: shift on SHCP rising, latch on STCP rising,
  /// SHCP left high after every bit.
  public static let omnixie = ShiftRegisterWiring(
    data: WireNames.data, clock: WireNames.shcp, shiftOn: .rising, latch: WireNames.stcp,
    latchOn: .rising, transparentLevel: nil, clockIdleLevel: true, stages: 40)
}
