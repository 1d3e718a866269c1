import NixieCore

/// Board profiles built in code, for driver tests that must not depend on the YAML loader.
enum TestBoards {
  /// Reference board 1's map (HARDWARE.md): digits 1…9, 0 on ten consecutive positions.
  static func reference(inverted: LineSet = [], blanking: Bool = true) -> BoardProfile {
    let layout = TestLayouts.reference
    var wiring: [OutputMap.PositionWiring] = []
    var next = 0
    for position in layout.positions {
      var direct = [Int?](repeating: nil, count: position.model.cathodes.count)
      let order: [Cathode] =
        position.isTube ? (1...9).map { .digit($0) } + [.digit(0)] : [.upperDot, .lowerDot]
      for cathode in order {
        direct[position.model.index(of: cathode)!] = next
        next += 1
      }
      wiring.append(OutputMap.PositionWiring(direct: direct))
    }
    var lines: [LineRole: UInt32] = [.din: 10, .clk: 11, .le: 8]
    if blanking { lines[.bl] = 25 }
    return BoardProfile(
      name: "test-6xin14", description: "", layout: layout, chip: ChipModel.named("HV5622")!,
      chipCount: 2, outputs: OutputMap(positions: wiring, outputCount: 64), invertedLines: inverted,
      gpio: GPIOWiring(chip: "gpiochip0", lines: lines))
  }
}

/// A transport double at the seam: it records each multi-line write, nothing more.
final class RecordingLines: GPIOLines {
  struct Write: Equatable {
    var lines: LineSet
    var levels: LineSet
  }

  var writes: [Write] = []

  func set(_ lines: LineSet, to levels: LineSet) throws {
    writes.append(Write(lines: lines, levels: levels))
  }
}
