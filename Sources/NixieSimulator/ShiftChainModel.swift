import NixieBoardModel
import NixieDisplay
import NixieDrivers
import NixieTransports

/// A chain of shift registers, modelled from the data sheets, watching the lines: the HV5622
/// family (HV5122, HV5222), the HV57708 and the 74HC595, wired to the host as the board says
/// (`ShiftChainWiring`).
///
/// It shifts the data line in on the family's clock edge (every bit moves one stage up, the
/// new bit enters position 0). A transparent latch (HV5622 `LE`) copies the shift register to
/// the outputs while it is high; an edge-triggered one (74HC595 `STCP`, HV57708 `LE`) at its
/// rising edge; with no latch line (NCS314 HW 2.x: the strobe tied on) the outputs follow the
/// register. The outputs show only while every enable line is at its on level (HV5622 `BL`
/// high, 74HC595 `OE` low, NCS314's LE on the chips' OE high, HV57708 `/BL` high). Outputs past
/// the chain are host lines (a colon on a line of its own). What the outputs light is decoded
/// back through the board's map, so a test of the simulator proves the bits on the wire, not
/// the intent. It also reports faults a real chain would punish: the data changing in the
/// same write as the shifting edge (an undefined bit), the latch moving with a clock edge, and
/// a shift while the outputs show the register (the tubes flicker through the passing bits).
public final class ShiftChainModel: LineObserver {
  public private(set) var shiftRegister: OutputBits
  public private(set) var latches: OutputBits
  /// Every enable line at its on level (or none wired).
  public private(set) var outputsEnabled: Bool
  /// Latch edges seen (rising LE or STCP).
  public private(set) var latchCount = 0
  /// Shifting clock edges seen.
  public private(set) var shiftCount = 0
  /// Timing faults, in words, with their time.
  public var violations: [String] { violationLog.messages }
  private var violationLog = ViolationLog()

  public let wiring: ShiftChainWiring
  private let map: OutputMap
  private let inverted: LineSet
  private var shownOutputs: ShownOutputs
  private var levels: LineSet

  /// A chain wired as `board` says (its chips as fitted: `board` resolved for the variant
  /// the board carries), its lines starting at `levels` (physical, before inversion).
  public init(board: BoardProfile, wiring: ShiftChainWiring, levels: LineSet = []) {
    self.wiring = wiring
    map = board.outputs
    inverted = board.invertedLines
    shiftRegister = OutputBits(count: board.outputs.outputCount)
    latches = shiftRegister
    shownOutputs = ShownOutputs(map: board.outputs, outputs: shiftRegister)
    self.levels = levels.symmetricDifference(inverted)
    outputsEnabled = true
    outputsEnabled = enabled(self.levels)
    if wiring.latch == nil { latches = shiftRegister }
  }

  /// A chain wired as `board` says; nil when its chip is not a shift register.
  public convenience init?(board: BoardProfile, levels: LineSet = []) {
    guard let wiring = ShiftChainWiring(board: board) else { return nil }
    self.init(board: board, wiring: wiring, levels: levels)
  }

  public func addObserver(_ observer: FrameObserver) { shownOutputs.addObserver(observer) }

  /// The outputs the tubes see: the latches and the line outputs, or nothing while disabled.
  public var visibleOutputs: OutputBits {
    guard outputsEnabled else { return OutputBits(count: latches.count) }
    var bits = latches
    for (index, role) in map.lineOutputs.enumerated() {
      bits[map.chainOutputCount + index] = levels.contains(role)
    }
    return bits
  }

  /// What the tubes show now.
  public var state: DisplayState { map.decode(visibleOutputs) }

  public func linesChanged(_ changed: LineSet, levels physical: LineSet, at time: UInt64) {
    let chip = physical.symmetricDifference(inverted)
    let clockWas = levels.contains(wiring.clock)
    let clockIs = chip.contains(wiring.clock)
    let clockMoved = changed.contains(wiring.clock)
    let shifts = clockMoved && clockIs == wiring.family.shiftsOnRisingEdge && clockWas != clockIs
    let latchRole = wiring.latch
    if shifts && changed.contains(wiring.data) {
      violationLog.record(
        "t=\(time): \(wiring.data.name) changed with the shifting \(wiring.clock.name) edge (setup time violated)"
      )
    }
    if let latchRole, changed.contains(latchRole) && clockMoved {
      violationLog.record("t=\(time): \(latchRole.name) changed with a \(wiring.clock.name) edge")
    }
    let data = levels.contains(wiring.data)
    let latchWas = latchRole.map { levels.contains($0) } ?? false
    levels = chip
    if shifts {
      shiftCount += 1
      shiftRegister.shiftUp(inserting: data)
      if showsRegister && outputsEnabled {
        violationLog.record("t=\(time): \(wiring.clock.name) shifted while the outputs showed the register")
      }
    }
    if let latchRole {
      let latchIs = chip.contains(latchRole)
      if latchIs && !latchWas { latchCount += 1 }
      switch wiring.family.latch {
      case .transparentWhileHigh: if latchIs { latches = shiftRegister }
      case .risingEdge: if latchIs && !latchWas { latches = shiftRegister }
      }
    } else {
      latches = shiftRegister
    }
    outputsEnabled = enabled(chip)
    publishIfChanged(at: time)
  }

  /// Whether the outputs follow the register now: no latch, or a transparent one held open.
  private var showsRegister: Bool {
    guard let latch = wiring.latch else { return true }
    return wiring.family.latch == .transparentWhileHigh && levels.contains(latch)
  }

  private func enabled(_ chip: LineSet) -> Bool {
    wiring.enables.allSatisfy { chip.contains($0.role) == $0.onLevel }
  }

  private func publishIfChanged(at time: UInt64) { shownOutputs.publish(visibleOutputs, at: time) }
}
