/// Drives an HV5622 chain by toggling GPIO lines: the waveform of docs/HARDWARE.md, bit by bit.
///
/// Each bit takes two multi-line writes: DIN with CLK rising (the chip ignores the rising
/// edge, so the data settles), then CLK falling, which shifts DIN in. After the last bit, LE
/// high then low latches the frame (2 writes): 2 × 32N + 2 writes a frame, the least
/// bit-banging allows. DIN never changes together with a falling CLK edge, so there is no
/// setup race. BL (active low) stays low until the first frame is latched, and a dark frame
/// lowers BL instead of shifting zeros when BL is wired — that is also PWM dimming on BL.
public final class HV5622BitBangDriver: DisplayDriver {
  private let lines: GPIOLines
  private let map: OutputMap
  private let inverted: LineSet
  private let hasBlanking: Bool
  /// What the chain's latches hold, once `hasLatched`.
  private var latched: OutputBits
  private var hasLatched = false
  /// The next frame's bits. It swaps storage with `latched` after a shift, so neither is
  /// ever shared and encoding a frame never allocates.
  private var scratch: OutputBits
  private var blanked = true

  /// A driver for `board` on `lines`; call `start()` before the first write.
  public init(board: BoardProfile, lines: GPIOLines) {
    self.lines = lines
    self.map = board.outputs
    self.inverted = board.invertedLines
    self.hasBlanking = board.displayLines.contains(.bl)
    self.scratch = OutputBits(count: board.outputs.outputCount)
    self.latched = OutputBits(count: board.outputs.outputCount)
  }

  /// Puts every line in its idle state: DIN, LE and BL low (tubes off), then CLK low.
  ///
  /// CLK moves on its own: behind an inverting level shifter the chip sees CLK high until
  /// now, so this may be a falling edge, and DIN must not change with it.
  public func start() throws {
    try set([.din, .le, .bl].filter { hasBlanking || $0 != .bl }, to: [])
    try set([.clk], to: [])
    blanked = true
  }

  public func write(_ frame: DisplayState) throws {
    map.encode(frame, into: &scratch)
    if hasBlanking && scratch.isAllOff {
      try setBlanked(true)
      return
    }
    if !hasLatched || scratch != latched {
      try shift(scratch)
      swap(&scratch, &latched)
      hasLatched = true
    }
    try setBlanked(false)
  }

  public func blank() throws {
    if hasBlanking {
      try setBlanked(true)
    } else {
      try write(DisplayState(lit: Array(repeating: .none, count: map.positions.count)))
    }
  }

  private func shift(_ bits: OutputBits) throws {
    for position in HV5622Chain.sendOrder(outputCount: bits.count) {
      try set([.din, .clk], to: bits[position] ? [.din, .clk] : [.clk])
      try set([.clk], to: [])
    }
    try set([.le], to: [.le])
    try set([.le], to: [])
  }

  private func setBlanked(_ blank: Bool) throws {
    guard hasBlanking, blank != blanked else { return }
    try set([.bl], to: blank ? [] : [.bl])
    blanked = blank
  }

  /// One multi-line write of logical levels, flipped for lines behind inverting level shifters.
  private func set(_ lines: LineSet, to levels: LineSet) throws {
    try self.lines.set(lines, to: levels.symmetricDifference(inverted.intersection(lines)))
  }

  private func set(_ roles: [LineRole], to levels: LineSet) throws {
    try set(LineSet(roles), to: levels)
  }
}
