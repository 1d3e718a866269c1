/// One step of the bring-up test pattern: a single cathode lit, everything else dark.
public struct TestPatternStep: Hashable, Sendable {
  /// The display position, left to right.
  public var position: Int
  /// The cathode's index in the position's tube model.
  public var cathode: Int
  /// What is lit, for the person watching the tubes: `tube 1: 7`, `colon 1: upper`.
  public var label: String
  public var state: DisplayState

  public init(position: Int, cathode: Int, label: String, state: DisplayState) {
    self.position = position
    self.cathode = cathode
    self.label = label
    self.state = state
  }
}

extension DisplayLayout {
  /// Every wired cathode of every position, one at a time: positions left to right, cathodes
  /// in their tube model's order. A dead cathode or a crossed wire shows at its step. A cathode
  /// wired together with others lights them too, and its label says so
  /// (`colon 1: upper, with colon 2: upper`).
  public var testPattern: [TestPatternStep] {
    positions.enumerated().flatMap { index, position in
      position.wired.indices.map { cathode in
        var state = blank
        state.lit[index] = .only(cathode)
        var label = "\(position.name): \(position.model.cathodes[cathode].name)"
        let companions = companions(ofPosition: index, cathode: cathode)
        if !companions.isEmpty { label += ", with " + companions.map(name(of:)).joined(separator: ", ") }
        return TestPatternStep(
          position: index, cathode: cathode, label: label, state: withLinkedCathodes(state))
      }
    }
  }
}
