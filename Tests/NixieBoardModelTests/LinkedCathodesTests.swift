import NixieBoardModel
import NixieDisplay
import NixieTestBoards
import Testing

/// Cathodes wired to one output light together: the output map finds them, the layout lights
/// them whole, and the formatter lights the whole set or refuses a value the set would change.
struct LinkedCathodesTests {
  /// The reference layout (tube tube colon tube tube colon tube tube), digits on outputs 0–59,
  /// with both colons' upper dots on output 60 and both lower dots on output 61, as the NCM109 wires its colons; or,
  /// with `oneLineColon`, colon 1's two dots on one output (Omnixie's colon line) and colon 2 on
  /// outputs of its own.
  static func board(oneLineColon: Bool = false) -> BoardProfile {
    let layout = TestLayouts.reference
    var next = 0
    var wiring: [OutputMap.PositionWiring] = []
    for (index, position) in layout.positions.enumerated() {
      var direct = [Int?](repeating: nil, count: position.model.cathodes.count)
      if position.isTube {
        for digit in 0...9 {
          direct[position.model.index(of: .digit(digit))!] = next
          next += 1
        }
      } else if oneLineColon {
        direct = index == 2 ? [60, 60] : [61, 62]
      } else {
        direct = [60, 61]
      }
      wiring.append(OutputMap.PositionWiring(direct: direct))
    }
    return BoardProfile(
      name: oneLineColon ? "one-line-colon" : "shared-colons", description: "", layout: layout,
      chip: ChipModel.named("HV5622")!, chipCount: 2,
      outputs: OutputMap(positions: wiring, outputCount: 64))
  }

  @Test func theOutputMapLinksCathodesOnOneOutput() {
    let shared = Self.board().layout
    #expect(
      shared.links.map { $0.members.map(shared.name(of:)) } == [
        ["colon 1: upper", "colon 2: upper"], ["colon 1: lower", "colon 2: lower"],
      ])
    let oneLine = Self.board(oneLineColon: true).layout
    #expect(
      oneLine.links.map { $0.members.map(oneLine.name(of:)) } == [["colon 1: upper", "colon 1: lower"]])
    #expect(TestBoards.reference().layout.links.isEmpty)
  }

  /// A multiplexed map: positions of different groups share outputs without lighting together;
  /// positions of one group, or lit in every frame, are linked.
  @Test func groupsShareOutputsWithoutLinking() {
    let map = OutputMap(
      positions: [
        .init(direct: [0, 1], group: 0), .init(direct: [0, 1], group: 1), .init(direct: [2, 3], group: 1),
        .init(direct: [2, 4], group: 1), .init(direct: [5, 6]), .init(direct: [5, 7]),
      ],
      outputCount: 10, groupOutputs: [8, 9])
    #expect(
      map.linkedCathodes == [
        LinkedCathodes(members: [.init(position: 2, cathode: 0), .init(position: 3, cathode: 0)]),
        LinkedCathodes(members: [.init(position: 4, cathode: 0), .init(position: 5, cathode: 0)]),
      ])
  }

  @Test func theLayoutLightsAWholeSet() {
    let layout = Self.board().layout
    var state = layout.blank
    state.lit[2] = .only(1)
    #expect(layout.text(of: layout.withLinkedCathodes(state)) == "  .  .  ")
    #expect(layout.withLinkedCathodes(layout.blank) == layout.blank)
    #expect(layout.companions(ofPosition: 5, cathode: 0) == [.init(position: 2, cathode: 0)])
    #expect(layout.companions(ofPosition: 0, cathode: 3).isEmpty)
  }

  /// Strict: (value, what the tubes show, or the refusal's two cathodes). Lenient drops the
  /// cathode whose companion would misread.
  static let table: [(board: Bool, value: String, shown: String?, refusal: [String]?)] = [
    // Shared colons (NCM109-like): both colons lit, or a companion clear of the value.
    (false, "12:34:56", "12:34:56", nil),
    (false, "12.34.56", "12.34.56", nil),
    (false, "12:34", nil, ["colon 1: upper", "colon 2: upper"]),
    (false, "12.3456", nil, ["colon 1: lower", "colon 2: lower"]),
    (false, "12:34.56", nil, ["colon 1: upper", "colon 2: upper"]),
    (false, "1:2", " 1:2 :  ", nil),
    (false, "1:23", "  : 1:23", nil),
    (false, "123456", "12 34 56", nil),
    // One line for both dots of colon 1 (Omnixie-like).
    (true, "12:34:56", "12:34:56", nil),
    (true, "12:34.56", "12:34.56", nil),
    (true, "12.34.56", nil, ["colon 1: lower", "colon 1: upper"]),
    (true, "1234.56", "12 34.56", nil),
    (true, "12.3456", nil, ["colon 1: lower", "colon 1: upper"]),
    (true, "12'3456", nil, ["colon 1: upper", "colon 1: lower"]),
  ]

  @Test(arguments: table.indices)
  func theFormatterLightsWholeSetsOrRefuses(_ row: Int) throws {
    let (oneLine, value, shown, refusal) = Self.table[row]
    let board = Self.board(oneLineColon: oneLine)
    do {
      let state = try board.formatter.format(value)
      #expect(board.layout.text(of: state) == shown, "\(value)")
      #expect(board.layout.withLinkedCathodes(state) == state, "\(value): lights part of a set")
      #expect(board.outputs.decode(board.outputs.encode(state)) == state, "\(value)")
    } catch {
      let expected = refusal.map { FormatError.Reason.wiredTogether(lit: $0[0], companion: $0[1]) }
      #expect(error.reason == expected, "\(value): \(error.description)")
      if let refusal {
        #expect(
          error.description
            == "cannot show \"\(value)\" on \(board.name): \(refusal[0]) is wired together with"
            + " \(refusal[1]), which would light on the value and change how it reads")
      }
    }
  }

  @Test func lenientDropsTheCathodeThatWouldMisread() throws {
    let board = Self.board(oneLineColon: true)
    let state = try board.formatter.format("12.3456", options: FormatOptions(lenient: true))
    #expect(board.layout.text(of: state) == "12 34 56")
    let shared = Self.board()
    let dropped = try shared.formatter.format("12.3456", options: FormatOptions(lenient: true))
    #expect(shared.layout.text(of: dropped) == "12 34 56")
  }

  @Test func theTestPatternLightsAndNamesTheCompanions() {
    let layout = Self.board().layout
    let colonSteps = layout.testPattern.filter { !layout.positions[$0.position].isTube }
    #expect(
      colonSteps.map(\.label) == [
        "colon 1: upper, with colon 2: upper", "colon 1: lower, with colon 2: lower",
        "colon 2: upper, with colon 1: upper", "colon 2: lower, with colon 1: lower",
      ])
    #expect(colonSteps.map { layout.text(of: $0.state) } == ["  '  '  ", "  .  .  ", "  '  '  ", "  .  .  "])
  }

  /// The one-output check of every state the formatter can make for two-character values with
  /// separators between, on both boards: a set lit whole or not at all, and the round trip exact.
  @Test func everyShortValueLightsWholeSets() {
    let characters = ["1", "2", " "]
    let separators = ["", ":", ".", "'", ":.", ".:", "::"]
    for oneLine in [false, true] {
      let board = Self.board(oneLineColon: oneLine)
      for a in characters {
        for b in characters {
          for c in characters {
            for first in separators {
              for second in separators {
                let value = a + first + b + second + c
                guard let state = try? board.formatter.format(value) else { continue }
                #expect(board.layout.withLinkedCathodes(state) == state, "\(value)")
                #expect(board.outputs.decode(board.outputs.encode(state)) == state, "\(value)")
              }
            }
          }
        }
      }
    }
  }
}
