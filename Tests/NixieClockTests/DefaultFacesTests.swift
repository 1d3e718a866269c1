import NixieBoards
import NixieClock
import NixieCore
import Testing

/// With no face chosen the clock shows the best one the board can show; a face it cannot show
/// is refused with one that fits.
struct DefaultFacesTests {
  @Test(arguments: [
    ("hv5622-6xin14", "HH:mm:ss"), ("hv5622-6xin14-spi", "HH:mm:ss"), ("mcp23017-4xin12", "HHmm"),
    ("pcf8574-4xin12", "HHmm"),
  ])
  func everyBuiltInBoardGetsAFaceItCanShow(_ board: String, _ expected: String) throws {
    let profile = try BoardCatalog.load(.builtIn(board))
    let planner = try ClockConfiguration().planner(for: profile)
    #expect(planner.rotation.turns.map(\.face.pattern.text) == [expected])
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
