/// Where every cathode of a board is wired: the map between a frame and the chip outputs.
///
/// A direct-drive position (HV5622 boards) wires each cathode to one output. A position behind
/// a BCD decoder (expander boards) wires four outputs to the decoder, which lights one digit;
/// it may also wire a decimal point directly.
public struct OutputMap: Hashable, Sendable {
  /// How one display position is wired.
  public struct PositionWiring: Hashable, Sendable {
    /// The output wired to each cathode, indexed like the tube model's cathodes.
    public var direct: [Int?]
    /// The decoder in front of the tube, if any.
    public var bcd: BCDWiring?

    public init(direct: [Int?], bcd: BCDWiring? = nil) {
      self.direct = direct
      self.bcd = bcd
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
  /// The number of chip outputs (32 × chips for a chain).
  public let outputCount: Int

  public init(positions: [PositionWiring], outputCount: Int) {
    self.positions = positions
    self.outputCount = outputCount
  }

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
    }
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
    DisplayState(
      lit: positions.map { wiring in
        var lit = CathodeSet.none
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
