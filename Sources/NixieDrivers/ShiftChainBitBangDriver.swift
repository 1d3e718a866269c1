import NixieBoardModel
import NixieDisplay
import NixieTransports

/// Drives a shift-register chain by toggling GPIO lines: the waveform of docs/HARDWARE.md for
/// the HV5622 family, and the same shape for any family (`ShiftChainWiring`), bit by bit.
///
/// Each bit takes two multi-line writes: the data with the clock moving away from its rest
/// level (an edge the chip ignores, so the data settles), then the clock back to rest, which
/// is the edge the family shifts on (falling for the HV5622, whose clock rests low; rising for
/// the 74HC595, whose clock rests high). After the last bit the latch leaves its rest level and
/// returns (2 writes): 2 × N + 2 writes a frame, the least bit-banging allows. The data never
/// changes together with the shifting edge, so there is no setup race. The blanking line (HV5622
/// BL, 74HC595 OE) keeps the tubes dark until the first frame is latched, and a dark frame
/// turns it off instead of shifting zeros — that is also PWM dimming. Outputs past the chain
/// (`OutputMap.lineOutputs`, a colon on a line of its own) are set after the latch.
///
/// A frame's writes go to the lines in one call (`GPIOLines.set(_:)` with all of them), worked
/// out once: shifting a frame allocates nothing, and of its writes only the data level of each
/// bit's first one changes from frame to frame.
public final class ShiftChainBitBangDriver: ShiftChainDriver {
  private let lines: GPIOLines
  let map: OutputMap
  private let inverted: LineSet
  let wiring: ShiftChainWiring
  /// What the chain's latches hold, once `hasLatched`.
  private var latched: OutputBits
  private var hasLatched = false
  /// The next frame's bits. It swaps storage with `latched` after a shift, so neither is
  /// ever shared and encoding a frame never allocates.
  var scratch: OutputBits
  private var blanked = true
  private var powered = false
  private var lineLevels = LineSet()
  /// A bit's first write, the data at the bit's level with the clock away from rest: for a 1
  /// and for a 0 (the board's inversion applied, as in every write here).
  private let dataOne, dataZero: LineWrite
  /// A frame's writes: for each bit in send order, its first write (the data, set for each
  /// frame) and the clock back to rest, the shifting edge; then the latch away from rest and
  /// back. Used by one thread at a time and never re-entered, so it skips Swift's run-time
  /// exclusivity checks.
  @exclusivity(unchecked) private var frameWrites: [LineWrite]

  /// A driver for `board` (a shift-register chain on `gpio` lines) on `lines`; call `start()`
  /// before the first write. Nil when the board's chip is not a shift register.
  public init?(board: BoardProfile, lines: GPIOLines) {
    guard let wiring = ShiftChainWiring(board: board) else { return nil }
    self.lines = lines
    self.map = board.outputs
    self.inverted = board.invertedLines
    self.wiring = wiring
    self.scratch = OutputBits(count: board.outputs.outputCount)
    self.latched = OutputBits(count: board.outputs.outputCount)
    let inverted = board.invertedLines
    func physical(_ lines: LineSet, _ levels: LineSet) -> LineWrite {
      LineWrite(lines, to: Self.physical(levels, of: lines, inverted: inverted))
    }
    let data = LineSet.role(wiring.data)
    let clock = LineSet.role(wiring.clock)
    let clockAway: LineSet = wiring.clockIdleHigh ? [] : clock
    let clockRest: LineSet = wiring.clockIdleHigh ? clock : []
    dataOne = physical(data.union(clock), data.union(clockAway))
    dataZero = physical(data.union(clock), clockAway)
    let bit = [dataZero, physical(clock, clockRest)]
    var frame = Array([[LineWrite]](repeating: bit, count: board.outputs.chainOutputCount).joined())
    if let role = wiring.latch {
      let latch = LineSet.role(role)
      frame.append(physical(latch, wiring.latchIdleHigh ? [] : latch))
      frame.append(physical(latch, wiring.latchIdleHigh ? latch : []))
    }
    frameWrites = frame
  }

  /// Puts every line at rest with the tubes dark: data low, latch at rest, blanking off,
  /// line outputs low; then the clock to rest, and the tubes' power on.
  ///
  /// The clock moves on its own: behind an inverting level shifter the chip sees it at the
  /// other level until now, so this may be a shifting edge, and the data must not change with it.
  public func start() throws {
    var roles = [wiring.data] + (wiring.latch.map { [$0] } ?? [])
    if let blanking = wiring.blanking { roles.append(blanking.role) }
    roles += map.lineOutputs
    try set(roles, to: wiring.idleLevels)
    try set([wiring.clock], to: wiring.idleLevels)
    if let power = wiring.power { try set([power], to: .role(power)) }
    powered = wiring.power != nil
    lineLevels = []
    blanked = true
  }

  public func write(_ frame: DisplayState) throws { try show(frame) }

  func latchScratch() throws {
    // A dark frame does not switch the tubes' power back on after `blank()`.
    if !scratch.isAllOff { try powerOn() }
    guard !hasLatched || scratch != latched else { return }
    try shift(scratch)
    swap(&scratch, &latched)
    hasLatched = true
  }

  public func blank() throws {
    try darken()
    if let power = wiring.power, powered {
      try set([power], to: [])
      powered = false
    }
  }

  private func powerOn() throws {
    guard let power = wiring.power, !powered else { return }
    try set([power], to: .role(power))
    powered = true
  }

  private func shift(_ bits: OutputBits) throws {
    frameWrites.withUnsafeMutableBufferPointer { writes in
      var write = 0
      for position in ShiftChain.sendOrder(outputCount: map.chainOutputCount) {
        writes[write] = bits[position] ? dataOne : dataZero
        write &+= 2
      }
    }
    try lines.set(frameWrites)
    try setLineOutputs(bits)
  }

  /// Sets the host lines that act as outputs past the chain, when they changed.
  private func setLineOutputs(_ bits: OutputBits) throws {
    guard !map.lineOutputs.isEmpty else { return }
    var levels = LineSet()
    for (index, role) in map.lineOutputs.enumerated() where bits[map.chainOutputCount + index] {
      levels.insert(.role(role))
    }
    guard levels != lineLevels else { return }
    try set(LineSet(map.lineOutputs), to: levels)
    lineLevels = levels
  }

  func setBlanked(_ blank: Bool) throws {
    guard let blanking = wiring.blanking, blank != blanked else { return }
    let on = blanking.onLevel != blank
    try set(.role(blanking.role), to: on ? .role(blanking.role) : [])
    if !map.lineOutputs.isEmpty && blank { try setLineOutputs(OutputBits(count: map.outputCount)) }
    if !blank && hasLatched { try setLineOutputs(latched) }
    blanked = blank
  }

  /// One multi-line write of pin levels, flipped for lines behind inverting level shifters.
  private func set(_ lines: LineSet, to levels: LineSet) throws {
    try self.lines.set(lines, to: Self.physical(levels, of: lines, inverted: inverted))
  }

  /// The pin levels of `lines` at the logical `levels`: flipped for the `inverted` ones.
  private static func physical(_ levels: LineSet, of lines: LineSet, inverted: LineSet) -> LineSet {
    levels.intersection(lines).symmetricDifference(inverted.intersection(lines))
  }

  private func set(_ roles: [LineRole], to levels: LineSet) throws {
    try set(LineSet(roles), to: levels)
  }
}
