import NixieBoardModel
import NixieDisplay

/// What the I2C expander drivers share: a frame cut into each chip's bytes, and only the chips
/// whose bytes changed sent — an unchanged frame costs no bus traffic.
///
/// A chip whose send fails is forgotten (its bytes count as unknown), so the next frame sends
/// it again in full, and `send` learns it is the chip's first write (to configure it again, in
/// case the fault was a reset).
struct ExpanderChips {
  let addresses: [UInt8]
  /// Bytes per chip: each chip drives `8 × bytesPerChip` consecutive outputs.
  let bytesPerChip: Int
  private let map: OutputMap
  private var scratch: OutputBits
  /// The bytes last sent to each chip, nil when unknown (not yet, or after a fault).
  private var written: [[UInt8]?]

  init(board: BoardProfile, bytesPerChip: Int) {
    addresses = board.i2c?.addresses ?? []
    self.bytesPerChip = bytesPerChip
    map = board.outputs
    scratch = OutputBits(count: board.outputs.outputCount)
    written = Array(repeating: nil, count: addresses.count)
  }

  /// Sends `frame`: `send(address, bytes, firstWrite)` for each chip whose bytes changed.
  mutating func write(
    _ frame: DisplayState, send: (_ address: UInt8, _ bytes: [UInt8], _ firstWrite: Bool) throws -> Void
  ) throws {
    map.encode(frame, into: &scratch)
    for (chip, address) in addresses.enumerated() {
      let first = 8 * bytesPerChip * chip
      let bytes = (0..<bytesPerChip).map { scratch.byte(from: first + 8 * $0) }
      guard bytes != written[chip] else { continue }
      let firstWrite = written[chip] == nil
      written[chip] = nil
      try send(address, bytes, firstWrite)
      written[chip] = bytes
    }
  }
}
