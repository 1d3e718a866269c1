import Foundation
import NixieRuntime
import NixieSimulator
import Testing

/// A board brought up on a backend: the input lines come from the backend, the simulator's
/// from the `--input` script only.
struct DisplaySessionTests {
  @Test func theSimulatorReadsAKnobOnlyFromAScript() throws {
    let board = try BoardChoice(board: "hv5622-6xin14").loadProfile()
    let encoder = try #require(board.encoder)

    let plain = SimulatorBackend()
    let untouched = try DisplaySession(board: board, backend: plain, view: false, clock: ManualClock())
    defer { untouched.finish() }
    let none = try untouched.openKnob(encoder)
    #expect(none == nil)

    let path = FileManager.default.temporaryDirectory.appendingPathComponent("knob-\(UUID()).txt").path
    try "500 cw 2\n1000 press\n".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let scripted = SimulatorBackend(input: try KnobInput.script(at: path))
    #expect(scripted.missingInput == nil)
    let session = try DisplaySession(
      board: board, backend: scripted, view: false, clock: scripted.clock(unpaced: true))
    defer { session.finish() }
    let lines = try #require(try session.openKnob(encoder))
    defer { lines.retire() }
    // Active low, pulled up: the contacts and the switch rest high.
    #expect(lines.levels == [.a, .b, .sw])
    let turn = try #require(try lines.source.next(until: nil))
    #expect(!turn.isEmpty)
    #expect(turn.allSatisfy { $0.time == lines.origin + 500_000_000 && $0.role != .sw })
  }
}
