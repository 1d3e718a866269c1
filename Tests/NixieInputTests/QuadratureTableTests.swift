import NixieInput
import Testing

/// Every (state, contact code) move of the three decoder tables, reached through real contact
/// sequences. Codes: "10" = A closed, B open (on the default active-low, unreversed knob).
/// Clockwise, a detent is 00 → 10 → 11 → 01 → 00.
struct QuadratureTableTests {
  /// How to reach each state from start-up at `start`.
  static let paths: [String: (start: Substring, codes: String)] = [
    "full rest": ("00", ""), "full cw1": ("00", "10"), "full cw2": ("00", "10 11"),
    "full cw3": ("00", "10 11 01"), "full ccw1": ("00", "01"), "full ccw2": ("00", "01 11"),
    "full ccw3": ("00", "01 11 10"), "full lost": ("00", "11"),
    "half rest0": ("00", ""), "half cw0": ("00", "10"), "half ccw0": ("00", "01"),
    "half rest3": ("11", ""), "half cw3": ("11", "01"), "half ccw3": ("11", "10"),
    "half lost": ("00", "10 01"),
    "quarter at0": ("00", ""), "quarter at1": ("01", ""), "quarter at2": ("10", ""),
    "quarter at3": ("11", ""),
  ]

  /// "table state code → next step": step is + (clockwise detent), - or nothing.
  static let moves: [String] = [
    // Full step: one detent per cycle, at rest with both contacts open.
    "full rest 00 → rest", "full rest 01 → ccw1", "full rest 10 → cw1", "full rest 11 → lost",
    "full cw1 00 → rest", "full cw1 01 → lost", "full cw1 10 → cw1", "full cw1 11 → cw2",
    "full cw2 00 → rest", "full cw2 01 → cw3", "full cw2 10 → cw1", "full cw2 11 → cw2",
    "full cw3 00 → rest +", "full cw3 01 → cw3", "full cw3 10 → lost", "full cw3 11 → cw2",
    "full ccw1 00 → rest", "full ccw1 01 → ccw1", "full ccw1 10 → lost", "full ccw1 11 → ccw2",
    "full ccw2 00 → rest", "full ccw2 01 → ccw1", "full ccw2 10 → ccw3", "full ccw2 11 → ccw2",
    "full ccw3 00 → rest -", "full ccw3 01 → lost", "full ccw3 10 → ccw3", "full ccw3 11 → ccw2",
    "full lost 00 → rest", "full lost 01 → lost", "full lost 10 → lost", "full lost 11 → lost",
    // Half step: detents at 00 and at 11.
    "half rest0 00 → rest0", "half rest0 01 → ccw0", "half rest0 10 → cw0", "half rest0 11 → rest3",
    "half cw0 00 → rest0", "half cw0 01 → lost", "half cw0 10 → cw0", "half cw0 11 → rest3 +",
    "half ccw0 00 → rest0", "half ccw0 01 → ccw0", "half ccw0 10 → lost", "half ccw0 11 → rest3 -",
    "half rest3 00 → rest0", "half rest3 01 → cw3", "half rest3 10 → ccw3", "half rest3 11 → rest3",
    "half cw3 00 → rest0 +", "half cw3 01 → cw3", "half cw3 10 → lost", "half cw3 11 → rest3",
    "half ccw3 00 → rest0 -", "half ccw3 01 → lost", "half ccw3 10 → ccw3", "half ccw3 11 → rest3",
    "half lost 00 → rest0", "half lost 01 → lost", "half lost 10 → lost", "half lost 11 → rest3",
    // Quarter step: every edge a detent, a double change none.
    "quarter at0 00 → at0", "quarter at0 01 → at1 -", "quarter at0 10 → at2 +", "quarter at0 11 → at3",
    "quarter at1 00 → at0 +", "quarter at1 01 → at1", "quarter at1 10 → at2", "quarter at1 11 → at3 -",
    "quarter at2 00 → at0 -", "quarter at2 01 → at1", "quarter at2 10 → at2", "quarter at2 11 → at3 +",
    "quarter at3 00 → at0", "quarter at3 01 → at1 +", "quarter at3 10 → at2 -", "quarter at3 11 → at3",
  ]

  static let settings: [String: QuadratureSettings] = [
    "full": QuadratureSettings(detentsPerCycle: .one), "half": QuadratureSettings(detentsPerCycle: .two),
    "quarter": QuadratureSettings(detentsPerCycle: .four),
  ]

  @Test(arguments: moves)
  func everyMoveOfEveryTable(_ move: String) throws {
    let words = move.split(separator: " ")
    let table = String(words[0])
    let (from, code, to) = (String(words[1]), words[2], String(words[4]))
    let expected = words.count > 5 ? String(words[5]) : ""
    let settings = try #require(Self.settings[table])
    let path = try #require(Self.paths["\(table) \(from)"])
    var decoder = decoder(settings, start: path.start)
    _ = walk(&decoder, path.codes)
    #expect(decoder.stateName == from)
    let levels = settings.levels(code: NixieInputTests.code(code))
    let detent = decoder.update(a: levels.a, b: levels.b, at: ms(100))
    #expect(decoder.stateName == to, "\(move)")
    #expect(detent.map { $0.direction == .clockwise ? "+" : "-" } ?? "" == expected, "\(move)")
    if code == path.codes.split(separator: " ").last ?? path.start {
      #expect(detent == nil, "the levels it already has change nothing")
    }
  }

  @Test func theListCoversEveryStateAndCode() {
    for (name, settings) in Self.settings {
      let table = settings.table
      let listed = Self.moves.filter { $0.hasPrefix(name + " ") }
      #expect(listed.count == table.states.count * 4, "\(name)")
      #expect(table.transitions.count == table.states.count)
      #expect(table.transitions.allSatisfy { $0.count == 4 })
    }
  }

  @Test(arguments: [
    ("full", "00", "rest"), ("full", "01", "lost"), ("full", "10", "lost"), ("full", "11", "lost"),
    ("half", "00", "rest0"), ("half", "01", "lost"), ("half", "10", "lost"), ("half", "11", "rest3"),
    ("quarter", "00", "at0"), ("quarter", "01", "at1"), ("quarter", "10", "at2"), ("quarter", "11", "at3"),
  ])
  func startsFromTheLevelsReadAtStartUp(_ table: String, _ start: String, _ state: String) throws {
    let settings = try #require(Self.settings[table])
    #expect(decoder(settings, start: Substring(start)).stateName == state)
  }
}
