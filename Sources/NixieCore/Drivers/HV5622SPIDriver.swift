/// Drives an HV5622 chain through an SPI controller: one transfer per frame.
///
/// The frame goes out as `HV5622Chain.bytes(of:)`, position 32N−1 first. Chip-select is wired
/// to LE: low during the transfer (the latch holds), high after it (the latch takes the new
/// frame), so a frame costs exactly one `SPI_IOC_MESSAGE`; an unchanged frame costs none. The
/// SPI mode (1 or 2) makes the controller change MOSI away from the falling clock edge the chip
/// shifts on. BL, if wired, is a GPIO line and behaves as with the bit-banged driver: low until
/// the first frame, and lowered for a dark frame instead of sending zeros.
public final class HV5622SPIDriver: DisplayDriver {
  private let spi: SPIDevice
  private let blanking: GPIOLines?
  private let map: OutputMap
  private let invertData: Bool
  private let blankingInverted: Bool
  private var latched: OutputBits?
  private var scratch: OutputBits
  private var blanked = true

  /// A driver for `board` on `spi`; `blanking` carries the BL line when the board wires one.
  public init(board: BoardProfile, spi: SPIDevice, blanking: GPIOLines?) {
    self.spi = spi
    self.blanking = board.displayLines.contains(.bl) ? blanking : nil
    self.map = board.outputs
    self.invertData = board.invertedLines.contains(.din)
    self.blankingInverted = board.invertedLines.contains(.bl)
    self.scratch = OutputBits(count: board.outputs.outputCount)
  }

  /// Lowers BL (tubes off) until the first frame is latched.
  public func start() throws {
    try setBlanking(low: true)
    blanked = true
  }

  public func write(_ frame: DisplayState) throws {
    map.encode(frame, into: &scratch)
    if blanking != nil && scratch.isAllOff {
      try setBlanked(true)
      return
    }
    if scratch != latched {
      var bytes = HV5622Chain.bytes(of: scratch)
      if invertData { bytes = bytes.map { ~$0 } }
      latched = nil
      try spi.transfer(bytes)
      latched = scratch
    }
    try setBlanked(false)
  }

  public func blank() throws {
    if blanking != nil {
      try setBlanked(true)
    } else {
      try write(DisplayState(lit: Array(repeating: .none, count: map.positions.count)))
    }
  }

  private func setBlanked(_ blank: Bool) throws {
    guard blanking != nil, blank != blanked else { return }
    try setBlanking(low: blank)
    blanked = blank
  }

  private func setBlanking(low: Bool) throws {
    guard let blanking else { return }
    try blanking.set(.bl, to: low != blankingInverted ? [] : .bl)
  }
}
