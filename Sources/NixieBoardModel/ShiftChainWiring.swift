/// How the host's lines reach a shift-register chain, read off a board profile: which roles
/// carry data, clock and latch, the levels they rest at, and which lines must be on for the
/// outputs to show. The drivers and the simulator's chain model share it, so they agree on
/// the waveform without either assuming one chip's.
public struct ShiftChainWiring: Hashable, Sendable {
  /// A line that lets the outputs show while it is at `onLevel` (pin level, before any
  /// inverting level shifter).
  public struct Enable: Hashable, Sendable {
    public var role: LineRole
    public var onLevel: Bool
  }

  public var family: ShiftRegisterFamily
  /// Serial data: `din`, `mosi` or `data`.
  public var data: LineRole
  /// Shift clock: `clk`, `sclk` or `shcp`.
  public var clock: LineRole
  /// The latch input (`le`, `stcp`); nil when the board ties the latches transparent and its
  /// LE line is an output enable instead (NCS314 HW 2.x, NCM109).
  public var latch: LineRole?
  public var latchIdleHigh: Bool
  public var clockIdleHigh: Bool
  /// Every line that must be at its on level for the tubes to light.
  public var enables: [Enable]
  /// The one the driver lowers for a dark frame, and so dims with; nil when there is none.
  public var blanking: Enable?
  /// A line that powers the tubes, on from the start until the final blank (`hven` that
  /// does not dim).
  public var power: LineRole?

  /// The chain's wiring on `board`, nil when its chip is not a shift register.
  public init?(board: BoardProfile) {
    guard let family = board.chip.shiftRegister else { return nil }
    self.family = family
    let roles = Set(board.gpio?.lines.keys.map { $0 } ?? [])
    var enables: [Enable] = []
    var blanking: Enable?
    if roles.contains(.bl) { blanking = Enable(role: .bl, onLevel: true) }
    if roles.contains(.oe) { blanking = Enable(role: .oe, onLevel: false) }
    if let spi = board.spi {
      clockIdleHigh = spi.mode & 2 != 0
      switch spi.framing {
      case .chipSelect, .selectPerModule:
        (data, clock, latch, latchIdleHigh) = (.din, .clk, .le, true)
      case .latch(let latchWiring):
        (data, clock) = (.mosi, .sclk)
        latchIdleHigh = latchWiring.idleHigh
        if latchWiring.enablesOutputs {
          latch = nil
          blanking = Enable(role: .le, onLevel: true)
        } else {
          latch = .le
        }
      }
    } else if roles.contains(.data) {
      (data, clock, latch) = (.data, .shcp, .stcp)
      clockIdleHigh = family.shiftsOnRisingEdge
      latchIdleHigh = family.latch == .risingEdge
    } else {
      (data, clock, latch) = (.din, .clk, .le)
      clockIdleHigh = family.shiftsOnRisingEdge
      latchIdleHigh = family.latch == .risingEdge
    }
    power = nil
    if roles.contains(.hven), let enable = board.enable {
      if enable.dims {
        blanking = Enable(role: .hven, onLevel: true)
      } else {
        power = .hven
        enables.append(Enable(role: .hven, onLevel: true))
      }
    }
    if let blanking { enables.append(blanking) }
    self.enables = enables
    self.blanking = blanking
  }

  /// The pin levels the display lines start at: data low, clock and latch at rest, every
  /// enable off (tubes dark).
  public var idleLevels: LineSet {
    var levels = LineSet()
    if clockIdleHigh { levels.insert(.role(clock)) }
    if let latch, latchIdleHigh { levels.insert(.role(latch)) }
    for enable in enables where !enable.onLevel { levels.insert(.role(enable.role)) }
    return levels
  }
}
