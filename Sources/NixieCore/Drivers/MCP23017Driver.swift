/// Drives BCD-decoder tubes through MCP23017 I2C expanders (reference board 2).
///
/// Each chip's 16 outputs are its two ports: output 16k + n is GPAn of chip k for n < 8 and
/// GPB(n−8) for the rest. A frame writes OLATA and OLATB in one two-byte transaction from
/// register 0x14 (IOCON.BANK = 0, sequential addressing: the power-on state), and only to
/// chips whose bytes changed: an unchanged frame costs no bus traffic. Before a chip's first
/// frame — and again after any failure, in case the chip was reset — the driver writes the
/// latches first and then makes every pin an output (IODIRA, IODIRB = 0), so the decoders
/// never see the power-on latches (0 = digit 0 everywhere). A blank tube is BCD 15.
///
/// Transient bus errors are retried per `RetryPolicy`; if they persist the write throws and the
/// driver forgets what the chip holds, so the next write sends the whole frame again.
public final class MCP23017Driver: DisplayDriver {
  /// The registers the driver writes (IOCON.BANK = 0 addresses, from the datasheet).
  public enum Register {
    public static let iodirA: UInt8 = 0x00
    public static let olatA: UInt8 = 0x14
  }

  private let bus: I2CBus
  private let blankFrame: DisplayState
  private let clock: MonotonicClock
  private let retry: RetryPolicy
  /// OLATA and OLATB of each chip.
  private var chips: ExpanderChips

  /// A driver for `board`'s expanders on `bus`; `clock` times the waits between retries.
  public init(board: BoardProfile, bus: I2CBus, clock: MonotonicClock, retry: RetryPolicy = .i2c) {
    self.bus = bus
    self.blankFrame = board.layout.blank
    self.clock = clock
    self.retry = retry
    self.chips = ExpanderChips(board: board, bytesPerChip: 2)
  }

  /// Blanks every tube and makes the expanders' pins outputs.
  public func start() throws { try write(blankFrame) }

  public func write(_ frame: DisplayState) throws {
    try chips.write(frame) { address, latches, firstWrite in
      try transaction("write OLATA/OLATB", address) {
        try bus.write(address: address, register: Register.olatA, bytes: latches)
      }
      if firstWrite {
        try transaction("make GPA/GPB outputs (IODIRA/IODIRB)", address) {
          try bus.write(address: address, register: Register.iodirA, bytes: [0x00, 0x00])
        }
      }
    }
  }

  public func blank() throws { try write(blankFrame) }

  private func transaction(_ what: String, _ address: UInt8, _ body: () throws -> Void) throws {
    try retry.run("\(what) of the MCP23017 at \(Hex.byte(address))", clock: clock, body)
  }
}
