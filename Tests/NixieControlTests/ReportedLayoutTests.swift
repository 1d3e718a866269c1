import NixieBoards
import NixieControl
import NixieText
import Testing

/// The layout in a `state` answer has one home for both sides: what the clock writes
/// (`ReportedLayout.json`) reads back (`ReportedLayout.parse`) with the same positions — names,
/// tube models and wired cathodes, what the picture is drawn from — for every built-in board,
/// and a layout a client cannot draw is refused by name.
struct ReportedLayoutTests {
  static let boards = BoardCatalog.builtIn.map(\.name)

  @Test(arguments: boards)
  func aBoardsLayoutReadsBackAsWritten(_ name: String) throws {
    let entry = try #require(BoardCatalog.builtIn.first { $0.name == name })
    let board = try BoardCatalog.parse(entry.yaml, file: entry.name)
    let written = ReportedLayout.json(board.layout)
    let read = try ReportedLayout.parse(try JSONReader.read(Array(written.utf8))).get()
    #expect(read.positions.map(\.name) == board.layout.positions.map(\.name))
    #expect(read.positions.map(\.model) == board.layout.positions.map(\.model))
    #expect(read.positions.map(\.wired) == board.layout.positions.map(\.wired))
  }

  @Test func aLayoutWithAnUnknownModelIsRefusedByName() throws {
    let line = #"[{"name": "H1", "model": "ZM9999", "kind": "tube", "wired": ["0"]}]"#
    let value = try JSONReader.read(Array(line.utf8))
    guard case .failure(let error) = ReportedLayout.parse(value) else {
      Issue.record("an unknown model was accepted")
      return
    }
    #expect(error.message.contains("'ZM9999'"))
  }
}
