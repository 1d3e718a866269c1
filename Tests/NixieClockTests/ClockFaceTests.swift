import NixieClock
import NixieTime
import Testing

/// Faces on boards: laid out like `nixie show`, and refused at start-up when the board cannot
/// show them at some time of day.
struct ClockFaceTests {
  static func face(_ pattern: String, board: String = "hv5622-6xin14") throws -> ClockFace {
    try ClockFace(pattern: try FacePattern(pattern), formatter: try Fixtures.board(board).formatter)
  }

  static func text(_ face: ClockFace, _ time: LocalTime) -> String {
    face.formatter.layout.text(of: face.state(at: time))
  }

  @Test func aFaceComesOutOnTheBoardAsNixieShowWouldShowIt() throws {
    let morning = LocalTime(year: 2026, month: 11, day: 22, hour: 9, minute: 41, second: 0)
    #expect(Self.text(try Self.face("HH:mm:ss"), morning) == "09:41:00")
    #expect(Self.text(try Self.face("H:mm"), morning) == " 9:41   ")
    #expect(Self.text(try Self.face("dd.MM.yy"), morning) == "22.11.26")
    #expect(Self.text(try Self.face("HH''mm"), morning) == "09'41   ")
    #expect(Self.text(try Self.face("HHmm", board: "mcp23017-4xin12"), morning) == "0941")
  }

  @Test func aOneLetterFieldMayWidenAndTheLayoutFollows() throws {
    let face = try Self.face("H:mm")
    #expect(
      Self.text(face, LocalTime(year: 2026, month: 1, day: 1, hour: 23, minute: 59, second: 0)) == "23:59   ")
  }

  @Test(arguments: [
    ("HH:mm:ss dd", "hv5622-6xin14", "needs 9 tubes"), ("HH-mm", "hv5622-6xin14", "'-'"),
    ("HH:mm", "mcp23017-4xin12", "':'"), ("d.M.yyyy", "hv5622-6xin14", "'.'"),
    ("HH:m:ss", "hv5622-6xin14", "':'"),
  ])
  func aFaceTheBoardCannotShowIsRefusedAtStartUp(_ pattern: String, _ board: String, _ named: String) {
    #expect {
      _ = try Self.face(pattern, board: board)
    } throws: { error in
      "\(error)".contains(named) && "\(error)".contains(board)
    }
  }
}
