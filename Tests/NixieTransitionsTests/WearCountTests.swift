import NixieDisplay
import NixieTestBoards
import NixieText
import NixieTransitions
import Testing

/// Tube care's count as frames go out: each frame counts until the one after it (or a blank),
/// a board of levels by its duties, and nothing while dark.
struct WearCountTests {
  static let layout = TestLayouts.reference
  static let second: UInt64 = 1_000_000_000

  static func state(_ lit: [Int: [Int]]) -> DisplayState {
    DisplayState(
      lit: (0..<layout.positions.count).map { position in
        var set = CathodeSet.none
        for cathode in lit[position] ?? [] { set.insert(cathode) }
        return set
      })
  }

  @Test func aFrameCountsUntilTheNextOneReplacesIt() {
    var count = WearCount(wear: CathodeWear(layout: Self.layout), at: 100)
    count.wrote(.frame(Self.state([0: [1], 3: [2, 7]])), at: 100 + Self.second)
    count.wrote(.frame(Self.state([0: [4]])), at: 100 + 3 * Self.second)
    count.count(until: 100 + 4 * Self.second)
    // Dark for the first second (the count starts dark), then 2 s of the first frame, 1 s of the second.
    #expect(count.wear[0, 1] == 2 * Self.second)
    #expect(count.wear[3, 2] == 2 * Self.second && count.wear[3, 7] == 2 * Self.second)
    #expect(count.wear[0, 4] == Self.second)
    // Three cathodes for 2 s, one for 1 s.
    #expect((0..<count.wear.positionCount).map { count.wear.total(at: $0) }.reduce(0, +) == 7 * Self.second)
  }

  @Test func aBlankEndsTheGlowAndATimeGoneBackCountsNothing() {
    var count = WearCount(wear: CathodeWear(layout: Self.layout), at: 0)
    count.wrote(.frame(Self.state([1: [9]])), at: 0)
    count.darkened(at: Self.second)
    count.count(until: 10 * Self.second)
    #expect(count.wear[1, 9] == Self.second)
    count.wrote(.frame(Self.state([1: [9]])), at: 20 * Self.second)
    count.count(until: 19 * Self.second)
    count.count(until: 21 * Self.second)
    #expect(count.wear[1, 9] == 2 * Self.second)
  }

  @Test func levelsCountByTheirDuties() {
    var duties = CathodeDuties(layout: Self.layout)
    duties[6, 5] = 0.25
    var count = WearCount(wear: CathodeWear(layout: Self.layout), at: 0)
    count.wrote(.duties(duties), at: 0)
    count.count(until: 4 * Self.second)
    #expect(count.wear[6, 5] == Self.second)
  }

  @Test func cathodesAndPositionsTheLayoutDoesNotHaveAreLeftOut() {
    // An IN-14 has 12 cathodes: bits 12 and up, and a ninth position, are not counted.
    var lit = Self.state([0: [0, 11]]).lit
    lit[0].insert(12)
    lit[0].insert(31)
    lit.append(CathodeSet(bits: 1))
    var wear = CathodeWear(layout: Self.layout)
    wear.add(DisplayState(lit: lit), for: Self.second)
    #expect(wear.times(at: 0) == [Self.second] + Array(repeating: 0, count: 10) + [Self.second])
    #expect(wear.total(at: 0) == 2 * Self.second)
  }
}

/// What `nixie wear` prints: the table in each tube's unit, the least used first, and JSON a
/// script reads back to the nanosecond.
struct WearReportTests {
  static let layout = TestLayouts.reference
  static let hour: UInt64 = 3_600_000_000_000

  static func wear() -> CathodeWear {
    var wear = CathodeWear(layout: layout)
    for digit in 0..<10 { wear[0, digit] = UInt64(digit + 1) * hour }
    wear[0, 8] = hour / 100
    wear[1, 3] = 90_000_000_000
    wear[2, 0] = 1_500_000_000
    return wear
  }

  @Test func theTableGivesEachTubeItsUnitAndItsLaggards() {
    let lines = WearReport.table(Self.wear(), layout: Self.layout).split(separator: "\n")
    #expect(lines.count == 16)
    #expect(lines[0] == "tube 1  IN-14  glowed 46.0 h; least used: ldp 0.0 %, rdp 0.0 %, 8 0.1 %")
    #expect(
      lines[1]
        == "  hours: 0 1.0  1 2.0  2 3.0  3 4.0  4 5.0  5 6.0  6 7.0  7 8.0  8 0.0  9 10.0  ldp 0.0  rdp 0.0")
    #expect(lines[2].hasPrefix("tube 2  IN-14  glowed 1.5 min; least used: 0 0.0 %"))
    #expect(lines[3].hasPrefix("  minutes: 0 0.0  1 0.0  2 0.0  3 1.5  4 0.0"))
    #expect(lines[4].hasPrefix("tube 3  INS-1  glowed 1.5 s; least used: lower 0.0 %, upper 100.0 %"))
    #expect(lines[5] == "  seconds: upper 1.5  lower 0.0")
    #expect(lines[6] == "tube 4  IN-14  glowed 0.0 s; least used: none glowed yet")
  }

  @Test func theJSONReadsBackToTheNanosecond() throws {
    let text = WearReport.json(Self.wear(), layout: Self.layout)
    let root = try JSONReader.read(Array(text.utf8))
    guard case .array(let tubes)? = root["tubes"] else {
      Issue.record("no tubes in \(text)")
      return
    }
    #expect(tubes.count == 8)
    #expect(tubes[0]["model"] == .string("IN-14"))
    #expect(tubes[0]["cathodes"]?["9"] == .number("36000"))
    #expect(tubes[0]["cathodes"]?["8"] == .number("36"))
    #expect(tubes[0]["seconds"] == .number("165636"))
    guard case .array(let least)? = tubes[0]["least_used"], least.count == 3 else {
      Issue.record("no three least used in \(text)")
      return
    }
    #expect(least[0]["cathode"] == .string("ldp"))
    #expect(least[2]["share"] == .number("0.001"))
    #expect(tubes[2]["cathodes"]?["upper"] == .number("1.5"))
  }

  @Test func aFileIsReadWithoutItsBoardFromTheModelsItNames() throws {
    let text = WearRecord.text(Self.wear(), layout: Self.layout)
    let (layout, wear) = try WearRecord.read(Array(text.utf8))
    #expect(layout.positions.map(\.model.name) == Self.layout.positions.map(\.model.name))
    #expect(wear == Self.wear())
    let unknown = text.replacingOccurrences(of: "\"INS-1\"", with: "\"IN-99\"")
    #expect(throws: WearRecordError.self) { try WearRecord.read(Array(unknown.utf8)) }
  }
}
