/// Drives BCD-decoder tubes through PCF8574 I2C expanders: one byte per chip per write.
///
/// Output 8k + n is pin Pn of chip k (the k-th address). The PCF8574 has no registers: a
/// frame is one "send byte" per chip whose byte changed; an unchanged frame costs no bus
/// traffic. Its quasi-bidirectional pins come up high, which a K155ID1 reads as BCD 15
/// (blank); a blank tube is written as 15 too. Transient bus errors are retried per
/// `RetryPolicy`; if they persist the write throws and the next write sends the frame again.
public final class PCF8574Driver: DisplayDriver {
  private let bus: I2CBus
  private let blankFrame: DisplayState
  private let clock: MonotonicClock
  private let retry: RetryPolicy
  /// The port byte of each chip.
  private var chips: ExpanderChips

  /// A driver for `board`'s expanders on `bus`; `clock` times the waits between retries.
  public init(board: BoardProfile, bus: I2CBus, clock: MonotonicClock, retry: RetryPolicy = .i2c) {
    self.bus = bus
    self.blankFrame = board.layout.blank
    self.clock = clock
    self.retry = retry
    self.chips = ExpanderChips(board: board, bytesPerChip: 1)
  }

  /// Blanks every tube.
  public func start() throws { try write(blankFrame) }

  public func write(_ frame: DisplayState) throws {
    try chips.write(frame) { address, port, _ in
      try retry.run("write the port of the PCF8574 at \(Hex.byte(address))", clock: clock) {
        try bus.send(address: address, byte: port[0])
      }
    }
  }

  public func blank() throws { try write(blankFrame) }
}
