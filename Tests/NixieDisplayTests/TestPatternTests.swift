import NixieTestBoards
import Testing

/// The bring-up pattern lights every wired cathode exactly once, alone.
struct TestPatternTests {
  @Test func everyWiredCathodeIsLitOnceAndAlone() {
    let layout = TestLayouts.reference
    let steps = layout.testPattern
    #expect(steps.count == 6 * 10 + 2 * 2)
    for step in steps {
      #expect(step.state.lit.map(\.count).reduce(0, +) == 1)
      #expect(step.state.lit[step.position] == .only(step.cathode))
    }
    #expect(Set(steps.map { "\($0.position)/\($0.cathode)" }).count == steps.count)
    #expect(steps.first?.label == "tube 1: 0")
    #expect(steps[20].label == "colon 1: upper")
  }

  @Test func positionsGoLeftToRight() {
    let positions = TestLayouts.reference.testPattern.map(\.position)
    #expect(positions == positions.sorted())
  }
}
