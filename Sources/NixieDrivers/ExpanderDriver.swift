import NixieBoardModel
import NixieCore
import NixieDisplay
import NixieText
import NixieTransports

/// Drives BCD-decoder tubes through I2C expanders (MCP23017, PCF8574): the frame cut into each
/// chip's bytes, and only the chips whose bytes changed written — an unchanged frame costs no
/// bus traffic. How a family's bytes go on the bus is its `I2CExpander` data.
///
/// Output 8·b·k + n is output n of chip k (the k-th address), b = `bytesPerChip`; on an
/// MCP23017 outputs 0–7 are GPA0–7 and 8–15 GPB0–7. A blank tube is BCD 15. Before a chip's
/// first frame — and again after any failure, in case the chip was reset — its latches are
/// written first and then its `setup`, so the decoders never see power-on values.
///
/// Transient bus errors are retried per `RetryPolicy`; if they persist the write throws and the
/// driver forgets what the chip holds, so the next write sends the whole frame again.
public final class ExpanderDriver: DisplayDriver {
  public let expander: I2CExpander
  private let bus: I2CBus
  private let blankFrame: DisplayState
  private let clock: MonotonicClock
  private let retry: RetryPolicy
  private var chips: ExpanderChips

  /// A driver for `board`'s expanders (`expander` family) on `bus`; `clock` times the waits
  /// between retries.
  public init(
    board: BoardProfile, expander: I2CExpander, bus: I2CBus, clock: MonotonicClock, retry: RetryPolicy = .i2c
  ) {
    self.expander = expander
    self.bus = bus
    self.blankFrame = board.layout.blank
    self.clock = clock
    self.retry = retry
    self.chips = ExpanderChips(board: board, bytesPerChip: expander.bytesPerChip)
  }

  /// Blanks every tube (and sets the chips up).
  public func start() throws { try write(blankFrame) }

  public func write(_ frame: DisplayState) throws {
    try chips.write(frame) { address, bytes, firstWrite in
      try transaction("write the outputs", address) {
        switch expander.latchWrite {
        case .registers(let register): try bus.write(address: address, register: register, bytes: bytes)
        case .sendByte: try bus.send(address: address, byte: bytes[0])
        }
      }
      if firstWrite, let setup = expander.setup {
        try transaction(setup.purpose, address) {
          try bus.write(address: address, register: setup.register, bytes: setup.bytes)
        }
      }
    }
  }

  public func blank() throws { try write(blankFrame) }

  private func transaction(_ what: String, _ address: UInt8, _ body: () throws -> Void) throws {
    try retry.run("\(what) of the \(expander.rawValue) at \(Hex.byte(address))", clock: clock, body)
  }
}
