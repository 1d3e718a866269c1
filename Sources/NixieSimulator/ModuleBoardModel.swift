import NixieBoardModel
import NixieDisplay
import NixieDrivers
import NixieText
import NixieTransports

/// A row of display modules with their own controllers (exixe-14), modelled from their firmware,
/// watching the SPI lines (`mosi`, `sclk`) and one active-low chip-select per module.
///
/// While a module's chip-select is low it samples MOSI on each rising SCLK edge (SPI mode 0,
/// most significant bit first); when the select goes back high, a whole command is applied as
/// the firmware applies it: a header other than the protocol's resets the module (every value
/// 0), and each value byte with its apply bit sets that output's brightness. The tubes show a
/// cathode whose brightness is above 0; `levels` holds the brightness of every output and LED.
/// A select that did not frame exactly one command, or two selects low at once, is a violation.
public final class ModuleBoardModel: SimulatedDisplay, LineObserver {
  /// The brightness of each module's outputs (`outputsPerChip` of them), then its LED channels.
  public private(set) var levels: [[Int]]
  /// Whether each module was asked for overdrive.
  public private(set) var overdrive: [Bool]
  /// Commands applied, per module.
  public private(set) var commandCounts: [Int]
  public var violations: [String] { violationLog.messages }
  private var violationLog = ViolationLog()

  private let protocolSpec: ModuleProtocol
  private let map: OutputMap
  private let outputsPerModule: Int
  private let inverted: LineSet
  private var shownOutputs: ShownOutputs
  private var lineLevels: LineSet
  private var active: Int?
  private var bits: [Bool] = []

  /// The modules of `board`, their lines starting at `levels` (physical).
  public init?(board: BoardProfile, levels: LineSet) {
    guard let protocolSpec = board.chip.module else { return nil }
    self.protocolSpec = protocolSpec
    map = board.outputs
    outputsPerModule = board.chip.outputsPerChip
    inverted = board.invertedLines
    let values = outputsPerModule + protocolSpec.ledBytes.count
    self.levels = Array(repeating: Array(repeating: 0, count: values), count: board.chipCount)
    overdrive = Array(repeating: false, count: board.chipCount)
    commandCounts = Array(repeating: 0, count: board.chipCount)
    shownOutputs = ShownOutputs(map: board.outputs, outputs: OutputBits(count: board.outputs.outputCount))
    lineLevels = levels.symmetricDifference(board.invertedLines)
  }

  public func addObserver(_ observer: FrameObserver) { shownOutputs.addObserver(observer) }

  public var visibleOutputs: OutputBits {
    var bits = OutputBits(count: map.outputCount)
    for (module, values) in levels.enumerated() {
      for output in 0..<outputsPerModule where values[output] > 0 {
        let index = module * outputsPerModule + output
        if index < bits.count { bits[index] = true }
      }
    }
    return bits
  }

  public var state: DisplayState { map.decode(visibleOutputs) }

  /// The LED channels of module `index`, 0…`levels − 1` each.
  public func led(of index: Int) -> [Int] { Array(levels[index].suffix(protocolSpec.ledBytes.count)) }

  public func linesChanged(_ changed: LineSet, levels physical: LineSet, at time: UInt64) {
    let chip = physical.symmetricDifference(inverted)
    let selected = (0..<levels.count).filter { index in
      LineRole.select(index).map { !chip.contains($0) } ?? false
    }
    if selected.count > 1 {
      violationLog.record(
        "t=\(time): modules \(selected.map { String($0 + 1) }.joined(separator: ", ")) selected at once")
    }
    let clockRose = changed.contains(.sclk) && chip.contains(.sclk) && !lineLevels.contains(.sclk)
    if clockRose, active != nil {
      if changed.contains(.mosi) {
        violationLog.record("t=\(time): mosi changed with the sampling sclk edge")
      }
      bits.append(lineLevels.contains(.mosi))
    }
    if let module = active, !selected.contains(module) {
      finish(module, at: time)
      active = nil
    }
    if active == nil, let module = selected.first, changed.contains(LineRole.select(module) ?? .cs0) {
      active = module
      bits = []
    }
    lineLevels = chip
  }

  /// Applies the bits framed for `module`, as its firmware does at the end of the select.
  private func finish(_ module: Int, at time: UInt64) {
    guard bits.count == protocolSpec.commandLength * 8 else {
      violationLog.record(
        "t=\(time): cs\(module) framed \(bits.count) bits; a command is \(protocolSpec.commandLength * 8)")
      return
    }
    let bytes = stride(from: 0, to: bits.count, by: 8).map { start in
      (0..<8).reduce(UInt8(0)) { $0 | (bits[start + $1] ? 0x80 >> UInt8($1) : 0) }
    }
    commandCounts[module] += 1
    guard bytes[0] == protocolSpec.header || bytes[0] == protocolSpec.overdriveHeader else {
      violationLog.record("t=\(time): cs\(module) sent header \(Hex.byte(bytes[0])): the module resets")
      for index in levels[module].indices { levels[module][index] = 0 }
      publishIfChanged(at: time)
      return
    }
    overdrive[module] = bytes[0] == protocolSpec.overdriveHeader
    let valueBytes = (0..<outputsPerModule).map { protocolSpec.firstOutputByte + $0 } + protocolSpec.ledBytes
    for (value, byte) in valueBytes.enumerated() where byte < bytes.count {
      if bytes[byte] & protocolSpec.applyBit != 0 {
        levels[module][value] = Int(bytes[byte] & ~protocolSpec.applyBit)
      }
    }
    publishIfChanged(at: time)
  }

  private func publishIfChanged(at time: UInt64) { shownOutputs.publish(visibleOutputs, at: time) }
}
