import NixieBoardModel
import NixieDisplay
import NixieTransitions
import NixieTransports

/// Drives display modules with controllers of their own (exixe-14): one fixed-size command per
/// module over SPI, framed by that module's chip-select line (`cs0`, `cs1`, … as GPIO lines).
///
/// Every command sets every value absolutely — the apply bit on each output byte and on the
/// LED bytes, the brightness (0…`levels − 1`) in the rest — so a module's state never depends
/// on what it heard before, as after a reset. A module whose command did not change is not
/// written: a steady display costs nothing. Dimming and cross-fades are the modules' own
/// brightness levels (`write(duties:)`), not PWM frames.
public final class ModuleCommandDriver: DisplayDriver {
  private let spi: SPIDevice
  private let lines: GPIOLines
  private let module: ModuleProtocol
  private let map: OutputMap
  private let layout: DisplayLayout
  private let inverted: LineSet
  private let outputsPerModule: Int
  private let moduleCount: Int
  private let header: UInt8
  /// The brightness of each module's outputs and LED, in command order.
  private var levels: [[UInt8]]
  private var led: [UInt8]
  /// The command each module holds, nil when unknown (not yet sent, or a send failed).
  private var sent: [[UInt8]?]

  /// A driver for `board` (a module chip, `count` of them) on `spi`, selecting modules on
  /// `lines`. Nil when the board's chip is not a module.
  public init?(board: BoardProfile, spi: SPIDevice, lines: GPIOLines) {
    guard let module = board.chip.module else { return nil }
    self.spi = spi
    self.lines = lines
    self.module = module
    self.map = board.outputs
    self.layout = board.layout
    self.inverted = board.invertedLines
    outputsPerModule = board.chip.outputsPerChip
    moduleCount = board.chipCount
    header = board.overdrive ? module.overdriveHeader : module.header
    levels = Array(repeating: Array(repeating: 0, count: board.chip.outputsPerChip), count: board.chipCount)
    led = Array(repeating: 0, count: module.ledBytes.count)
    sent = Array(repeating: nil, count: board.chipCount)
  }

  /// Deselects every module, then sets every output and LED of each to 0.
  public func start() throws {
    try lines.set(selects, to: LineSet(selectRoles.filter { !inverted.contains($0) }))
    try blank()
  }

  public func write(_ frame: DisplayState) throws {
    try write(duties: CathodeDuties(frame, layout: layout))
  }

  public func write(duties: CathodeDuties) throws {
    for index in levels.indices {
      for output in levels[index].indices { levels[index][output] = 0 }
    }
    let full = Double(module.fullLevel)
    for (position, wiring) in map.positions.enumerated() where position < duties.duties.count {
      for (cathode, output) in wiring.direct.enumerated() {
        guard let output, cathode < duties.duties[position].count else { continue }
        let duty = duties.duties[position][cathode]
        guard duty > 0 else { continue }
        let level = UInt8(min(max((duty * full).rounded(), 0), full))
        let index = output / outputsPerModule
        if index < levels.count { levels[index][output % outputsPerModule] = level }
      }
    }
    try sendChanged()
  }

  public func setBacklight(_ color: BacklightColor) throws {
    let full = Double(module.fullLevel)
    led = color.channels.prefix(module.ledBytes.count).map { UInt8(($0 * full).rounded()) }
    try sendChanged()
  }

  /// Every output and LED off.
  public func blank() throws {
    for index in levels.indices {
      for output in levels[index].indices { levels[index][output] = 0 }
    }
    for index in led.indices { led[index] = 0 }
    try sendChanged()
  }

  /// The command for module `index`: its header, then every value byte with the apply bit.
  func command(for index: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: module.commandLength)
    bytes[0] = header
    for (output, level) in levels[index].enumerated() where module.firstOutputByte + output < bytes.count {
      bytes[module.firstOutputByte + output] = module.applyBit | level
    }
    for (channel, byte) in module.ledBytes.enumerated() where byte < bytes.count && channel < led.count {
      bytes[byte] = module.applyBit | led[channel]
    }
    return bytes
  }

  private func sendChanged() throws {
    for index in 0..<moduleCount {
      let bytes = command(for: index)
      guard bytes != sent[index], let select = LineRole.select(index) else { continue }
      sent[index] = nil
      try setSelected(select, true)
      do {
        try spi.transfer(bytes)
      } catch {
        try? setSelected(select, false)
        throw error
      }
      try setSelected(select, false)
      sent[index] = bytes
    }
  }

  private var selectRoles: [LineRole] { (0..<moduleCount).compactMap(LineRole.select) }
  private var selects: LineSet { LineSet(selectRoles) }

  /// Chip-selects are active low: selected is the line low (high behind an inverter).
  private func setSelected(_ role: LineRole, _ selected: Bool) throws {
    let high = !selected != inverted.contains(role)
    try lines.set(.role(role), to: high ? .role(role) : [])
  }
}
