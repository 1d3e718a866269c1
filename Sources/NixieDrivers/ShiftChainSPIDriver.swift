import NixieBoardModel
import NixieDisplay
import NixieTransports

/// Drives a shift-register chain through an SPI controller: one transfer per frame.
///
/// The frame goes out as `ShiftChain.bytes(of:)`, the last chain position first, each byte's
/// bits reversed for a board that wants them least significant first (the Pi's controller only
/// sends the most significant first). What latches it is the board's `SPIFraming`:
///
/// - `.chipSelect` (reference board 1 over spidev): chip-select is LE, low during the transfer
///   (the latch holds), high after it, so a frame costs exactly one `SPI_IOC_MESSAGE`.
/// - `.latch` with a line that rests high and is also the output enable (NCS314 HW 2.x, NCM109):
///   LE goes low, the transfer, LE high. The tubes are dark while LE is low, so a dark frame
///   only lowers LE, and PWM dimming is PWM on LE.
/// - `.latch` with a line that rests low (NCS314 HW 3.x): the transfer, then LE pulsed high for
///   one line write.
///
/// The blanking line (BL beside the reference board's SPI, the HV57708's /BL on `hven`) keeps
/// the tubes dark until the first frame, and a dark frame lowers it instead of sending zeros.
/// An unchanged frame costs no transfer.
public final class ShiftChainSPIDriver: ShiftChainDriver {
  private let spi: SPIDevice
  private let lines: GPIOLines?
  let map: OutputMap
  private let inverted: LineSet
  let wiring: ShiftChainWiring
  private let framing: SPIFraming
  private let lsbFirst: Bool
  private var latched: OutputBits?
  var scratch: OutputBits
  private var blanked = true

  /// A driver for `board` on `spi`; `lines` carries the board's GPIO lines (BL, LE, `hven`)
  /// when it wires any. Nil when the board's chip is not a shift register or it has no SPI.
  public init?(board: BoardProfile, spi: SPIDevice, lines: GPIOLines?) {
    guard let wiring = ShiftChainWiring(board: board), let spiWiring = board.spi else { return nil }
    self.spi = spi
    self.wiring = wiring
    self.lines = board.displayLines.isEmpty ? nil : lines
    self.map = board.outputs
    self.inverted = board.invertedLines
    self.framing = spiWiring.framing
    self.lsbFirst = spiWiring.lsbFirst
    self.scratch = OutputBits(count: board.outputs.outputCount)
  }

  /// Turns the blanking line off (tubes dark) until the first frame is latched.
  public func start() throws {
    if let blanking = wiring.blanking { try set(blanking.role, high: !blanking.onLevel) }
    blanked = true
  }

  public func write(_ frame: DisplayState) throws { try show(frame) }

  public func blank() throws { try darken() }

  func latchScratch() throws {
    guard scratch != latched else { return }
    var bytes = ShiftChain.bytes(of: scratch, chainCount: map.chainOutputCount)
    if lsbFirst { bytes = bytes.map(Self.reversed) }
    if inverted.contains(wiring.data) { bytes = bytes.map { ~$0 } }
    latched = nil
    try transfer(bytes)
    latched = scratch
  }

  /// One frame on the wire, framed as the board latches it.
  private func transfer(_ bytes: [UInt8]) throws {
    guard case .latch(let latch) = framing else {
      try spi.transfer(bytes)
      return
    }
    if latch.idleHigh {
      // LE low while shifting; on boards where it is the output enable, the tubes go dark.
      if !(latch.enablesOutputs && blanked) { try set(.le, high: false) }
      if latch.enablesOutputs { blanked = true }
      try spi.transfer(bytes)
      try set(.le, high: true)
      if latch.enablesOutputs { blanked = false }
    } else {
      try spi.transfer(bytes)
      try set(.le, high: true)
      try set(.le, high: false)
    }
  }

  func setBlanked(_ blank: Bool) throws {
    guard let blanking = wiring.blanking, blank != blanked else { return }
    try set(blanking.role, high: blanking.onLevel != blank)
    blanked = blank
  }

  private func set(_ role: LineRole, high: Bool) throws {
    guard let lines else { return }
    let flipped = high != inverted.contains(role)
    try lines.set(.role(role), to: flipped ? .role(role) : [])
  }

  /// `byte` with its bits in the opposite order.
  static func reversed(_ byte: UInt8) -> UInt8 {
    var result: UInt8 = 0
    for bit in 0..<8 where byte & (1 << UInt8(bit)) != 0 { result |= 0x80 >> UInt8(bit) }
    return result
  }
}
