import NixieDisplay
import NixieTestBoards
import NixieTransitions
import Testing

/// A pacer told mid-fade to play in fewer, longer steps (the frame thread's fit to a slow
/// board's writes): the fade goes on where it was, its writes on the new grid.
struct FramePacerRefitTests {
  static let layout = TestLayouts.reference

  @Test func aRefitMidFadeKeepsTheFadeAndPutsEveryWriteOnTheNewGrid() throws {
    let formatter = ValueFormatter(layout: Self.layout, boardName: "test")
    var play = Playback(layout: Self.layout, showing: try formatter.format("1"))
    let end = play.pacer.show(
      try formatter.format("2"), transition: TransitionSpec(.crossfade, duration: 500_000_000), at: 0)
    play.run(until: 200_000_000)
    let before = play.writes.count
    let fitted = PWMSettings.fitted(writeTime: 400_000)
    play.pacer.refit(fitted, at: play.now)
    let refitAt = play.now
    #expect(play.pacer.settings == fitted)
    play.run()
    let after = play.writes[before...]
    #expect(after.count > 20)
    // Every write from the refit on starts a whole number of the new steps into a period
    // counted from the refit: none is closer to the last than a step.
    for write in after {
      #expect((write.time - refitAt) % fitted.slice == 0, "\(write.time - refitAt)")
    }
    for (earlier, later) in zip(after, after.dropFirst()) {
      #expect(later.time - earlier.time >= fitted.slice)
    }
    // The fade is where it was: 2 half lit around the refit, fully lit at the end as planned.
    let two = Self.layout.digit(2, at: 7)
    let around = play.duty(position: 7, cathode: two, from: refitAt, to: refitAt + 2 * fitted.period)
    #expect(around > 0.1 && around < 0.6, "\(around)")
    let expected = try formatter.format("2")
    #expect(play.writes.last?.frame == expected)
    #expect(try #require(play.writes.last).time <= end + fitted.period)
  }

  @Test func aRefitToTheSameSettingsChangesNothing() throws {
    let formatter = ValueFormatter(layout: Self.layout, boardName: "test")
    var play = Playback(layout: Self.layout, showing: try formatter.format("1"))
    play.pacer.show(try formatter.format("2"), transition: .crossfade, at: 0)
    var twin = play
    play.run(until: 100_000_000)
    twin.run(until: 100_000_000)
    play.pacer.refit(PWMSettings(), at: play.now)
    play.run()
    twin.run()
    #expect(play.writes == twin.writes)
  }
}
