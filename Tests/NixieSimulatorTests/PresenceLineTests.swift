import NixieBoardModel
import NixieBoards
import NixieCore
import NixieInput
import NixieSimulator
import NixieTransports
import Testing

/// The presence line on the simulated gpiochip: resting inactive, played from the input
/// script's `presence` lines apart from the knob, traced like the board's other lines.
struct PresenceLineTests {
  @Test func theScriptDrivesThePresenceLine() throws {
    var board = try Boards.reference()
    board.presence = PresenceWiring(chip: "raspberry-pi", line: 4)
    let clock = ManualClock()
    let script = try InputScript(parsing: "100 presence 1\n100.5 cw 1\n300 presence 0\n")
    let simulated = try SimulatedBoard(board: board, clock: clock, input: script)
    #expect(simulated.gpio.roles.contains(.presence))
    #expect(!simulated.gpio.levels.contains(.presence))
    let wiring = try #require(board.presence)
    let lines = try #require(try simulated.openPresence(wiring))
    #expect(!lines.levels.contains(.presence))
    var events: [LineEvent] = []
    while let batch = try lines.source.next(until: nil) { events += batch }
    #expect(events.map(\.high) == [true, false])
    #expect(events.map { $0.time - lines.origin } == [100_000_000, 300_000_000])
    #expect(events.allSatisfy { $0.role == .presence })
  }

  /// An active-low line (a button to ground) rests high; without a script there is nothing to read.
  @Test func anActiveLowLineRestsHigh() throws {
    var board = try Boards.reference()
    board.presence = PresenceWiring(chip: "raspberry-pi", line: 4, activeHigh: false, pullUp: true)
    let simulated = try SimulatedBoard(board: board, clock: ManualClock())
    #expect(simulated.gpio.levels.contains(.presence))
    let wiring = try #require(board.presence)
    #expect(try simulated.openPresence(wiring) == nil)
  }
}
