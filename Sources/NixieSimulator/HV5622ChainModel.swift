import NixieCore

/// A chain of HV5622-family shift registers, modelled from the datasheet, watching the lines.
///
/// It shifts DIN in on each falling CLK edge (every bit moves one stage up, the new bit enters
/// position 0), copies the shift register to the latches while LE is high (a transparent
/// latch), and shows nothing while BL is low. What the outputs light is decoded back through
/// the board's map, so a test of the simulator proves the bits on the wire, not the intent.
/// It also reports timing faults a real chain would punish: DIN changing in the same write
/// as a falling CLK edge (an undefined bit), or LE moving in the same write as a clock edge.
public final class HV5622ChainModel: LineObserver {
  public private(set) var shiftRegister: OutputBits
  public private(set) var latches: OutputBits
  /// BL high (or not wired, hence tied high on the board).
  public private(set) var outputsEnabled: Bool
  /// Rising LE edges seen.
  public private(set) var latchCount = 0
  /// Falling CLK edges seen.
  public private(set) var shiftCount = 0
  /// Timing faults, in words, with their time.
  public private(set) var violations: [String] = []

  private let map: OutputMap
  private let inverted: LineSet
  private var observers: [FrameObserver] = []
  private var shown: OutputBits
  private var din = false
  private var clk = false
  private var le = false

  /// A chain wired as `board` says, its lines starting at `levels` (physical, before inversion).
  public init(board: BoardProfile, levels: LineSet = []) {
    map = board.outputs
    inverted = board.invertedLines
    shiftRegister = OutputBits(count: board.outputs.outputCount)
    latches = shiftRegister
    shown = shiftRegister
    let chipSide = levels.symmetricDifference(inverted)
    din = chipSide.contains(.din)
    clk = chipSide.contains(.clk)
    le = chipSide.contains(.le)
    outputsEnabled = board.displayLines.contains(.bl) ? chipSide.contains(.bl) : true
  }

  public func addObserver(_ observer: FrameObserver) { observers.append(observer) }

  /// The outputs the tubes see: the latches, or nothing while blanked.
  public var visibleOutputs: OutputBits {
    outputsEnabled ? latches : OutputBits(count: latches.count)
  }

  /// What the tubes show now.
  public var state: DisplayState { map.decode(visibleOutputs) }

  public func linesChanged(_ changed: LineSet, levels: LineSet, at time: UInt64) {
    let chip = levels.symmetricDifference(inverted)
    let newDIN = chip.contains(.din)
    let newCLK = chip.contains(.clk)
    let newLE = chip.contains(.le)
    let clockFell = changed.contains(.clk) && clk && !newCLK
    if clockFell && changed.contains(.din) {
      violations.append("t=\(time): DIN changed with the falling CLK edge (setup time violated)")
    }
    if changed.contains(.le) && changed.contains(.clk) {
      violations.append("t=\(time): LE changed with a CLK edge")
    }
    din = newDIN
    clk = newCLK
    if changed.contains(.le) {
      if newLE && !le { latchCount += 1 }
      le = newLE
    }
    if clockFell {
      shiftCount += 1
      shiftIn(din)
    }
    if le { latches = shiftRegister }
    if changed.contains(.bl) { outputsEnabled = chip.contains(.bl) }
    publishIfChanged(at: time)
  }

  private func shiftIn(_ bit: Bool) {
    shiftRegister.shiftUp(inserting: bit)
  }

  private func publishIfChanged(at time: UInt64) {
    let visible = visibleOutputs
    guard visible != shown else { return }
    shown = visible
    let frame = LatchedFrame(time: time, outputs: visible, state: map.decode(visible))
    for observer in observers { observer.frameShown(frame) }
  }
}
