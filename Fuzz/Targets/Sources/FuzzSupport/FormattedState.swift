import NixieCore

/// What must hold of any display state the formatter makes for a board, whatever the value
/// and the options: a set of cathodes for every position of the layout, only wired cathodes
/// lit, at most one main cathode per tube (a tube shows one digit), and the state unchanged
/// after a trip through the board's outputs (the bits the chips are sent, read back).
public enum FormattedState {
  public static func check(_ state: DisplayState, on board: BoardProfile, value: String) {
    let layout = board.layout
    Property.check(
      state.lit.count == layout.count,
      "\(value.debugDescription): \(state.lit.count) positions, the layout has \(layout.count)")
    for (index, (position, lit)) in zip(layout.positions, state.lit).enumerated() {
      Property.check(
        lit.subtracting(position.wired).isEmpty,
        "\(value.debugDescription): position \(index) lights unwired cathodes \(lit.indices)")
      let main = lit.intersection(position.model.mainCathodes)
      Property.check(
        !position.isTube || main.count <= 1,
        "\(value.debugDescription): tube \(index) lights main cathodes \(main.indices)")
    }
    // A multiplexed board lights one anode group at a time, its tubes sharing cathode outputs
    // with the other groups': the round trip holds for each group's frame (with the positions
    // every frame lights), not for the whole display at once.
    let positions = board.outputs.positions
    let groups = Set(positions.compactMap(\.group)).sorted()
    // Each frame and the positions it covers: the whole display, or on a multiplexed board
    // one anode group's frame (with the positions every frame lights).
    let frames: [(state: DisplayState, covered: Set<Int>)] =
      groups.isEmpty
      ? [(state, Set(0..<state.lit.count))]
      : groups.map { group in
        let covered = Set(
          state.lit.indices.filter { index in
            let own = index < positions.count ? positions[index].group : nil
            return own == nil || own == group
          })
        return (
          DisplayState(lit: state.lit.enumerated().map { covered.contains($0) ? $1 : CathodeSet() }), covered
        )
      }
    for (frame, covered) in frames {
      let expected = withCompanions(frame, positions: positions, covered: covered)
      let decoded = board.outputs.decode(board.outputs.encode(frame))
      Property.check(
        decoded == expected,
        "\(value.debugDescription): the outputs read back \(decoded.lit) for \(frame.lit)")
    }
  }

  /// `frame` with every cathode lit that is wired to the same output as a lit one: a colon
  /// wired as one line for both dots (Omnixie), or the NCS314's two colons sharing their
  /// dots' outputs, light together whatever the frame asks. A known limit of the formatter,
  /// which does not know of such companions yet: '.' there lights its companions too.
  /// Everywhere else the round trip is exact.
  static func withCompanions(
    _ frame: DisplayState, positions: [OutputMap.PositionWiring], covered: Set<Int>
  ) -> DisplayState {
    var byOutput: [Int: [(position: Int, cathode: Int)]] = [:]
    for (position, wiring) in positions.enumerated() where covered.contains(position) {
      for (cathode, output) in wiring.direct.enumerated() {
        if let output { byOutput[output, default: []].append((position, cathode)) }
      }
    }
    var lit = frame.lit
    for (position, cathodes) in frame.lit.enumerated() where position < positions.count {
      for cathode in cathodes.indices where cathode < positions[position].direct.count {
        guard let output = positions[position].direct[cathode] else { continue }
        for companion in byOutput[output] ?? [] where companion.cathode < 32 {
          lit[companion.position].bits |= 1 << UInt32(companion.cathode)
        }
      }
    }
    return DisplayState(lit: lit)
  }
}
