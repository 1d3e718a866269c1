import NixieBoardModel
import NixieBoards
import NixieTransports
import Testing

@testable import NixieSimulator

/// The simulated buzzer as heard from its line: sounding while the line is active or moved in
/// the last `hearing`, silent after; a board without a buzzer has none to hear.
struct SimulatedBuzzerTests {
  @Test func itSoundsWhileItsLineIsActiveOrMovingAndFallsSilentAfter() throws {
    let board = try BoardCatalog.load(.builtIn("ncs314"))
    let wiring = try #require(board.buzzer)
    let active: LineSet = wiring.activeHigh ? [.role(.buzzer)] : []
    let inactive: LineSet = wiring.activeHigh ? [] : [.role(.buzzer)]
    let buzzer = try #require(SimulatedBuzzer(board: board, levels: inactive))
    #expect(!buzzer.isSounding(at: 0))
    buzzer.linesChanged([.role(.buzzer)], levels: active, at: 1_000_000)
    #expect(buzzer.isSounding(at: 1_000_000 + 10 * SimulatedBuzzer.hearing))
    buzzer.linesChanged([.role(.buzzer)], levels: inactive, at: 2_000_000)
    #expect(buzzer.isSounding(at: 2_000_000 + SimulatedBuzzer.hearing - 1))
    #expect(!buzzer.isSounding(at: 2_000_000 + SimulatedBuzzer.hearing))
    // Other lines moving are not the buzzer.
    buzzer.linesChanged([.role(.din)], levels: inactive.union([.role(.din)]), at: 3_000_000_000)
    #expect(!buzzer.isSounding(at: 3_000_000_001))
  }

  @Test func aBoardWithoutABuzzerHasNoneToHear() throws {
    #expect(SimulatedBuzzer(board: try BoardCatalog.load(.builtIn("hv5622-6xin14")), levels: []) == nil)
  }
}
