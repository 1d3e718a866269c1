import NixieDisplay
import NixieTestBoards
import NixieTransitions
import Testing

/// Module brightness levels in time, on a virtual clock: a step every 20 ms while something
/// changes, the last on the transition's end, nothing once steady.
struct LevelPacerTests {
  static let layout = TestLayouts.reference

  static func state(_ text: String) throws -> DisplayState {
    try ValueFormatter(layout: layout, boardName: "test").format(text)
  }

  @Test func aFadeIsOneStepEvery20MillisecondsAndTheLastOnItsEnd() throws {
    var pacer = LevelPacer(layout: Self.layout, showing: try Self.state("1"))
    let end = pacer.show(
      try Self.state("2"), transition: TransitionSpec(.crossfade, duration: 500_000_000, curve: .linear),
      at: 0)
    var deadlines: [UInt64] = []
    var twos: [Double] = []
    var now: UInt64 = 0
    while case .write(let deadline) = pacer.next(now: now) {
      now = deadline
      deadlines.append(deadline)
      twos.append(pacer.duties[7, Self.layout.digit(2, at: 7)])
    }
    // At 0 the fade has not moved the duties yet: nothing to send.
    #expect(deadlines.first == 20_000_000)
    #expect(deadlines.last == end)
    #expect(zip(deadlines.dropFirst(), deadlines).allSatisfy { $0 - $1 <= 20_000_000 })
    #expect(zip(twos, twos.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(twos.last == 1)
    #expect(pacer.isIdle)
    #expect(pacer.next(now: end + 1_000_000_000) == .idle)
  }

  @Test func brightnessScalesTheDutiesOnceAndIdles() throws {
    var pacer = LevelPacer(layout: Self.layout)
    pacer.show(try Self.state("12:34:56"), transition: .none, at: 0)
    #expect(pacer.next(now: 0) == .write(deadline: 0))
    #expect(pacer.next(now: 0) == .idle)
    pacer.setBrightness(0.25, at: 1_000)
    #expect(pacer.next(now: 1_000) == .write(deadline: 1_000))
    #expect(pacer.duties[0, Self.layout.digit(1, at: 0)] == 0.25)
    #expect(pacer.next(now: 1_000) == .idle)
  }
}
