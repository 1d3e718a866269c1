import NixieBoards
import NixieClock
import NixieClockSettings
import NixieCore
import NixieTime
import Testing

/// With no face chosen the clock shows the best one the board can show; a face it cannot show
/// is refused with one that fits.
struct DefaultFacesTests {
  @Test(arguments: [
    ("hv5622-6xin14", "HH:mm:ss"), ("hv5622-6xin14-spi", "HH:mm:ss"), ("mcp23017-4xin12", "HHmm"),
    ("pcf8574-4xin12", "HHmm"), ("ncs314", "HH:mm:ss"), ("ncs314-hv5222", "HH:mm:ss"),
    ("ncs312", "HH:mm:ss"), ("ncs318", "HH:mm:ss"), ("ncs314-v3", "HH:mm:ss"), ("exixe-14", "HHmmss"),
    ("omnixie-ntdb", "HH:mm"), ("ncm109", "HH:mm:ss"),
  ])
  func everyBuiltInBoardGetsAFaceItCanShow(_ board: String, _ expected: String) throws {
    let profile = try BoardCatalog.load(.builtIn(board))
    let planner = try ClockConfiguration().planner(for: profile)
    #expect(planner.rotation.turns.map(\.face.pattern.text) == [expected])
  }

  /// The best face of every built-in board blinks its colons when the clock is unsynchronised:
  /// lit, then dark, and each time every set of cathodes the board wires together (Omnixie's
  /// one-line colon, the NCM109's shared dots) lit whole or not at all, as the wire shows them.
  @Test(arguments: BoardCatalog.builtIn.map(\.name))
  func theBestFaceBlinksWholeColons(_ name: String) throws {
    let board = try BoardCatalog.load(.builtIn(name))
    let face = try #require(DefaultFaces.best(for: board.formatter))
    let shown = face.state(at: LocalTime(year: 2026, month: 11, day: 23, hour: 12, minute: 34, second: 56))
    let hidden = UnsynchronisedIndicator.withoutSeparators(shown, layout: board.layout)
    let layout = board.layout
    for state in [shown, hidden] {
      #expect(layout.withLinkedCathodes(state) == state, "\(name): \(layout.text(of: state))")
    }
    let colons = face.pattern.text.contains(":")
    #expect(layout.text(of: shown).contains(":") == colons, "\(name): \(layout.text(of: shown))")
    #expect(!layout.text(of: hidden).contains(":"), "\(name): \(layout.text(of: hidden))")
    #expect(layout.text(of: hidden).filter { $0 != " " } == layout.text(of: shown).filter(\.isNumber))
  }

  @Test func aFaceTheBoardCannotShowSuggestsOneThatFits() throws {
    var configuration = ClockConfiguration()
    configuration.faces = [.init(format: "HH:mm", seconds: 50)]
    #expect {
      _ = try configuration.planner(for: try BoardCatalog.load(.builtIn("mcp23017-4xin12")))
    } throws: { error in
      let error = error as? NixieError
      return error?.kind == .badUsage && error?.message.hasPrefix("--format: ") == true
        && error?.message.hasSuffix("(mcp23017-4xin12 can show HHmm)") == true
    }
  }
}
