import NixieBoardModel
import NixieBoards
import NixieDisplay
import Testing

/// Which cathodes each built-in board wires together, written down from the schematics and
/// the profiles' comments (docs/BOARDS.md), and what its formatter makes of values that touch
/// them.
struct BuiltInLinkedCathodesTests {
  /// Every built-in profile and its linked sets. The NCS314 family gives each colon's dots
  /// outputs of their own (NTC31/32 on U1, NTC63/64 on U2): the vendor lights them together in
  /// firmware, not on the wire. Omnixie's colon is one host line; the NCM109 sets both colons'
  /// dots from the same two register bits (LAMP0/1).
  static let table: [String: [[String]]] = [
    "hv5622-6xin14": [],
    "hv5622-6xin14-spi": [],
    "mcp23017-4xin12": [],
    "pcf8574-4xin12": [],
    "ncs314": [],
    "ncs314-hv5222": [],
    "ncs312": [],
    "ncs318": [],
    "ncs314-v3": [],
    "exixe-14": [],
    "omnixie-ntdb": [["colon: upper", "colon: lower"]],
    "ncm109": [["colon 1: upper", "colon 2: upper"], ["colon 1: lower", "colon 2: lower"]],
  ]

  static func names(_ board: BoardProfile) -> [[String]] {
    board.layout.links.map { $0.members.map(board.layout.name(of:)) }
  }

  @Test func theTableCoversEveryBuiltInBoard() {
    #expect(Set(Self.table.keys) == Set(BoardCatalog.builtIn.map(\.name)))
  }

  @Test(arguments: BoardCatalog.builtIn.map(\.name))
  func everyBoardLinksWhatTheTableSays(_ name: String) throws {
    let board = try BoardCatalog.load(.builtIn(name))
    #expect(Self.names(board) == Self.table[name], "\(name)")
    // The variant's chips shift the other way; what is wired together stays.
    #expect(Self.names(board.resolved(detectLow: true)) == Self.table[name], "\(name) with its variant")
  }

  /// The same sets found the slow way: every pair of cathodes on one output that one frame
  /// lights (the same anode group, or no group), against the layout's sets.
  @Test(arguments: BoardCatalog.builtIn.map(\.name))
  func everyPairOnOneOutputIsInOneSet(_ name: String) throws {
    let board = try BoardCatalog.load(.builtIn(name))
    var cathodes: [(member: LinkedCathodes.Member, output: Int, group: Int?)] = []
    for (position, wiring) in board.outputs.positions.enumerated() {
      for (cathode, output) in wiring.direct.enumerated() {
        if let output { cathodes.append((.init(position: position, cathode: cathode), output, wiring.group)) }
      }
    }
    for a in cathodes.indices {
      for b in cathodes.indices where a < b {
        let (first, second) = (cathodes[a], cathodes[b])
        let together =
          first.output == second.output
          && (first.group == second.group || first.group == nil || second.group == nil)
        let linked = board.layout.links.contains {
          $0.members.contains(first.member) && $0.members.contains(second.member)
        }
        #expect(together == linked, "\(name): \(first.member) and \(second.member)")
      }
    }
  }

  /// (board, value, what the tubes show, or the start of the refusal).
  static let values: [(board: String, value: String, shown: String?, refusal: String?)] = [
    ("omnixie-ntdb", "12:34", "12:34", nil),
    ("omnixie-ntdb", "1234", "12 34", nil),
    (
      "omnixie-ntdb", "12.34", nil,
      "cannot show \"12.34\" on omnixie-ntdb: colon: lower is wired together with colon: upper"
    ),
    (
      "omnixie-ntdb", "12'34", nil,
      "cannot show \"12'34\" on omnixie-ntdb: colon: upper is wired together with colon: lower"
    ),
    ("ncm109", "12:34:56", "12:34:56", nil),
    ("ncm109", "12.34.56", "12.34.56", nil),
    ("ncm109", "1:2", " 1:2 :  ", nil),
    (
      "ncm109", "12:34", nil,
      "cannot show \"12:34\" on ncm109: colon 1: upper is wired together with colon 2: upper"
    ),
    (
      "ncm109", "12.3456", nil,
      "cannot show \"12.3456\" on ncm109: colon 1: lower is wired together with colon 2: lower"
    ),
    ("ncs314", "12:34", "12:34   ", nil),
    ("ncs314", "12.3456", "12.34 56", nil),
    ("ncs314", "1'23.4", " 1'23.4 ", nil),
  ]

  @Test(arguments: values.indices)
  func valuesTouchingLinkedCathodes(_ row: Int) throws {
    let (name, value, shown, refusal) = Self.values[row]
    let board = try BoardCatalog.load(.builtIn(name))
    do {
      let state = try board.formatter.format(value)
      #expect(board.layout.text(of: state) == shown, "\(name) \(value)")
    } catch {
      #expect(refusal.map(error.description.hasPrefix) == true, "\(name) \(value): \(error.description)")
    }
  }

  /// A display position lit in every group's frame cannot share an output with one of a
  /// single group: they would light together in that group's visits only.
  @Test func aGroupAllPositionSharesNoOutputWithAGroupsPosition() throws {
    let yaml = """
      name: mixed
      description: "a colon of every frame sharing a dot with a colon of group 1"
      chips: {model: HV5122, count: 1}
      gpio: {chip: gpiochip0}
      spi: {device: /dev/spidev0.0, mode: 2, speed-hz: 2000000, latch: {line: 22, idle: high}}
      multiplex:
        groups: [{output: HV21, active: high}, {output: HV22, active: high}]
        scan-hz: 150
        blank-us: 40
      display:
        - {tube: IN-14, group: 1, cathodes: {"0": HV1, "1": HV2, "2": HV3, "3": HV4, "4": HV5, "5": HV6, "6": HV7, "7": HV8, "8": HV9, "9": HV10}}
        - {separator: INS-1, group: all, cathodes: {upper: HV26}}
        - {tube: IN-14, group: 2, cathodes: {"0": HV1, "1": HV2, "2": HV3, "3": HV4, "4": HV5, "5": HV6, "6": HV7, "7": HV8, "8": HV9, "9": HV10}}
        - {separator: INS-1, group: 2, cathodes: {upper: HV26}}
        - {tube: IN-14, group: 2, cathodes: {"0": HV11, "1": HV12, "2": HV13, "3": HV14, "4": HV15, "5": HV16, "6": HV17, "7": HV18, "8": HV19, "9": HV20}}

      """
    #expect {
      _ = try BoardCatalog.parse(yaml, file: "mixed.yaml")
    } throws: { error in
      let text = "\(error)"
      return text.contains("mixed.yaml:14:")
        && text.contains("cannot share an output") && text.contains("separator 1 upper")
    }
  }
}
