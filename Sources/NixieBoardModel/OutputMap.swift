import NixieDisplay

/// Where every cathode of a board is wired: the map between a frame and the chip outputs.
///
/// A direct-drive position (HV5622 boards) wires each cathode to one output. A position behind
/// a BCD decoder (expander boards) wires four outputs to the decoder, which lights one digit;
/// it may also wire a decimal point directly.
///
/// On a multiplexed board (NCM109) positions of different anode groups share cathode outputs;
/// each group has an output that switches its anodes on, which `encode` sets for every group
/// with something lit, and `decode` requires. Outputs past the chips' (`lineOutputs`) are host
/// lines (Omnixie's colon); outputs listed in `activeLowOutputs` are low when on.
public struct OutputMap: Hashable, Sendable {
  /// How one display position is wired.
  public struct PositionWiring: Hashable, Sendable {
    /// The output wired to each cathode, indexed like the tube model's cathodes.
    public var direct: [Int?]
    /// The decoder in front of the tube, if any.
    public var bcd: BCDWiring?
    /// The anode group (0-based) on a multiplexed board; nil when lit in every group's frame
    /// or when the board does not multiplex.
    public var group: Int?

    public init(direct: [Int?], bcd: BCDWiring? = nil, group: Int? = nil) {
      self.direct = direct
      self.bcd = bcd
      self.group = group
    }
  }

  /// Four outputs feeding a BCD decoder, and the input that lights each cathode.
  public struct BCDWiring: Hashable, Sendable {
    /// The outputs carrying the BCD bits, ones bit first.
    public var outputs: [Int]
    /// The decoder input that lights each cathode (indexed like the model's cathodes).
    public var codes: [Int?]
    /// The input that lights nothing.
    public var blank: Int

    public init(outputs: [Int], codes: [Int?], blank: Int) {
      self.outputs = outputs
      self.codes = codes
      self.blank = blank
    }
  }

  public let positions: [PositionWiring]
  /// The number of outputs: the chips' (32 × chips for a chain), then `lineOutputs`.
  public let outputCount: Int
  /// The output that switches each anode group on (multiplexed boards), by group.
  public let groupOutputs: [Int]
  /// Outputs that are low when on (after everything else is encoded, they are flipped).
  public let activeLowOutputs: [Int]
  /// Host lines that act as the last outputs: output `chainOutputCount + i` is `lineOutputs[i]`.
  public let lineOutputs: [LineRole]

  public init(
    positions: [PositionWiring], outputCount: Int, groupOutputs: [Int] = [], activeLowOutputs: [Int] = [],
    lineOutputs: [LineRole] = []
  ) {
    self.positions = positions
    self.outputCount = outputCount
    self.groupOutputs = groupOutputs
    self.activeLowOutputs = activeLowOutputs
    self.lineOutputs = lineOutputs
  }

  /// The cathodes wired together: those wired directly to one output and lit in the same frame
  /// (on a multiplexed board, positions of one anode group, with the positions every frame
  /// lights; positions of different groups share outputs without lighting together). Left to
  /// right by their first member.
  public var linkedCathodes: [LinkedCathodes] {
    var byOutput: [Int: [(member: LinkedCathodes.Member, group: Int?)]] = [:]
    for (position, wiring) in positions.enumerated() {
      for (cathode, output) in wiring.direct.enumerated() {
        guard let output else { continue }
        byOutput[output, default: []].append(
          (LinkedCathodes.Member(position: position, cathode: cathode), wiring.group))
      }
    }
    var links: Set<LinkedCathodes> = []
    for uses in byOutput.values where uses.count > 1 {
      let everyFrame = uses.filter { $0.group == nil }.map(\.member)
      let groups = Set(uses.compactMap(\.group))
      if groups.isEmpty { links.insert(LinkedCathodes(members: everyFrame)) }
      for group in groups {
        let members = everyFrame + uses.filter { $0.group == group }.map(\.member)
        if members.count > 1 { links.insert(LinkedCathodes(members: members)) }
      }
    }
    return links.sorted { $0.members.lexicographicallyPrecedes($1.members) }
  }

  /// The outputs of the chips, without the host lines that follow them.
  public var chainOutputCount: Int { outputCount - lineOutputs.count }

  /// Whether the board scans anode groups.
  public var isMultiplexed: Bool { !groupOutputs.isEmpty }

  /// The outputs a frame switches on, written into `bits` without allocating.
  ///
  /// A BCD tube can show one digit: if a frame lit two (it never should), the lowest wins.
  public func encode(_ frame: DisplayState, into bits: inout OutputBits) {
    bits.clear()
    for (wiring, lit) in zip(positions, frame.lit) {
      var code = wiring.bcd?.blank
      var rest = lit.bits
      while rest != 0 {
        let cathode = rest.trailingZeroBitCount
        rest &= rest - 1
        if let output = wiring.direct[cathode] {
          bits[output] = true
        } else if let bcd = wiring.bcd, code == bcd.blank, let value = bcd.codes[cathode] {
          code = value
        }
      }
      if let bcd = wiring.bcd, let code { bits.set(code, at: bcd.outputs) }
      if lit.bits != 0, let group = wiring.group, group < groupOutputs.count {
        bits[groupOutputs[group]] = true
      }
    }
    for output in activeLowOutputs { bits[output].toggle() }
  }

  /// The outputs a frame switches on.
  public func encode(_ frame: DisplayState) -> OutputBits {
    var bits = OutputBits(count: outputCount)
    encode(frame, into: &bits)
    return bits
  }

  /// What the tubes show for these outputs: the inverse of `encode`, used by the simulator
  /// to read the wire back. A decoder input with no digit (10–15 on a K155ID1) shows nothing.
  public func decode(_ bits: OutputBits) -> DisplayState {
    var bits = bits
    for output in activeLowOutputs { bits[output].toggle() }
    return DisplayState(
      lit: positions.map { wiring in
        var lit = CathodeSet.none
        if let group = wiring.group, group < groupOutputs.count, !bits[groupOutputs[group]] { return lit }
        for (cathode, output) in wiring.direct.enumerated() {
          if let output, bits[output] { lit.insert(cathode) }
        }
        if let bcd = wiring.bcd {
          let value = bits.value(at: bcd.outputs)
          if let cathode = bcd.codes.firstIndex(of: value) { lit.insert(cathode) }
        }
        return lit
      })
  }
}
