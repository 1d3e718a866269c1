import NixieDisplay
import NixieTestBoards
import NixieTransitions
import Testing

/// Grouped digits change by place value (issue 27), as MovingNumbersView keys its digits: a
/// number is right-aligned, so each place keeps its tube and each gap its tube, and the planner
/// fades a tube only from what it showed to what it shows.
struct GroupedTransitionTests {
  /// Six IN-14 with their decimal points, no separators.
  static let plain = DisplayLayout(
    positions: (1...6).map {
      TestLayouts.tube(
        .in14, "tube \($0)", wiring: TestLayouts.digits + [.leftDecimalPoint, .rightDecimalPoint])
    })

  /// The cross-fade between two grouped numbers, and the state it starts from.
  static func plan(_ from: String, _ to: String, on layout: DisplayLayout) throws -> (
    FadeTimeline, DisplayState
  ) {
    let formatter = ValueFormatter(layout: layout, boardName: "test")
    let grouped = FormatOptions(groupDigits: true)
    let before = try formatter.format(from, options: grouped)
    let timeline = TransitionPlanner.plan(
      from: CathodeDuties(before, layout: layout), to: try formatter.format(to, options: grouped),
      layout: layout,
      transition: TransitionSpec(.crossfade, duration: 500), at: 1_000)
    return (timeline, before)
  }

  /// The glyph of each tube, `" "` when dark.
  static func tubes(_ state: DisplayState, on layout: DisplayLayout) -> [String] {
    let text = Array(layout.text(of: state))
    return layout.tubeIndices.map { String(text[$0]) }
  }

  /// What each tube must do, from glyphs written here (`" "` dark): stay steady when its glyph
  /// does not change; else fade its new glyph in and its old one out, both over the whole
  /// cross-fade, and nothing else.
  static func expectPerTube(
    _ plan: (FadeTimeline, DisplayState), on layout: DisplayLayout, from old: [String], to new: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let (timeline, before) = plan
    #expect(tubes(before, on: layout) == old, sourceLocation: sourceLocation)
    #expect(tubes(timeline.target, on: layout) == new, sourceLocation: sourceLocation)
    for (tube, index) in layout.tubeIndices.enumerated() {
      let position = layout.positions[index]
      let cathode = { (glyph: String) in position.cathodeIndex(spelled: glyph) }
      if old[tube] == new[tube] {
        #expect(
          timeline.positions[index] == .steady(timeline.target.lit[index]), "tube \(tube + 1)",
          sourceLocation: sourceLocation)
        continue
      }
      guard case .ramps(let all) = timeline.positions[index] else {
        Issue.record(
          "tube \(tube + 1) should cross-fade \(old[tube]) → \(new[tube])", sourceLocation: sourceLocation)
        continue
      }
      let ramps = all.filter(\.isMain)
      var expected: [(Int, Double, Double)] = []
      if let rising = cathode(new[tube]) { expected.append((rising, 0, 1)) }
      if let falling = cathode(old[tube]) { expected.append((falling, 1, 0)) }
      #expect(ramps.map(\.cathode) == expected.map(\.0), "tube \(tube + 1)", sourceLocation: sourceLocation)
      #expect(ramps.map(\.from) == expected.map(\.1), "tube \(tube + 1)", sourceLocation: sourceLocation)
      #expect(ramps.map(\.to) == expected.map(\.2), "tube \(tube + 1)", sourceLocation: sourceLocation)
      #expect(ramps.allSatisfy { $0.start == 1_000 && $0.end == 1_500 }, sourceLocation: sourceLocation)
    }
  }

  @Test func aNewUnitsDigitTouchesOnlyTheUnitsTube() throws {
    for layout in [Self.plain, TestLayouts.reference] {
      let plan = try Self.plan("12345", "12346", on: layout)
      let timeline = plan.0
      Self.expectPerTube(
        plan, on: layout, from: ["1", "2", " ", "3", "4", "5"], to: ["1", "2", " ", "3", "4", "6"])
      let changed = timeline.positions.indices.filter {
        timeline.positions[$0] != .steady(timeline.target.lit[$0])
      }
      #expect(changed == [layout.tubeIndices[5]])
    }
  }

  /// `999` → `1 000`: the hundreds, tens and units tubes cross-fade 9 → 0, the thousands tube
  /// fades a 1 in; the gap's tube, dark before and after, and the tube left of it stay as they are.
  @Test func aNewGroupFadesEachTubeFromItsOldGlyphToItsNew() throws {
    for layout in [Self.plain, TestLayouts.reference] {
      Self.expectPerTube(
        try Self.plan("999", "1000", on: layout), on: layout, from: [" ", " ", " ", "9", "9", "9"],
        to: [" ", "1", " ", "0", "0", "0"])
    }
  }

  /// When a gap moves to a tube that showed a digit (a fraction digit less: `9 999.9` →
  /// `10 000`), that tube fades its 9 out to dark, the old gap's tube fades a 0 in: still each
  /// tube from its old glyph to its new, never the display blanked and redrawn.
  @Test func aGapTakingADigitsTubeFadesThatDigitOut() throws {
    let plan = try Self.plan("9999.9", "10000", on: Self.plain)
    let timeline = plan.0
    Self.expectPerTube(
      plan, on: Self.plain, from: ["9", " ", "9", "9", "9", "9"], to: ["1", "0", " ", "0", "0", "0"])
    // The point on the old units tube goes out with its 9.
    let point = try #require(Self.plain.positions[4].model.index(of: .rightDecimalPoint))
    guard case .ramps(let ramps) = timeline.positions[4] else { return }
    let points = ramps.filter { !$0.isMain }
    #expect(points.map(\.cathode) == [point])
    #expect(points.map(\.from) == [1] && points.map(\.to) == [0])
  }
}
