import NixieBoardModel
import NixieDisplay

/// What must hold of any display state the formatter makes for a board, whatever the value
/// and the options: a set of cathodes for every position of the layout, only wired cathodes
/// lit, at most one main cathode per tube (a tube shows one digit), every set of cathodes the
/// board wires together lit whole or not at all, and the state unchanged after a trip through
/// the board's outputs (the bits the chips are sent, read back).
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
    for link in layout.links where link.isTouched(by: state) {
      Property.check(
        link.members.allSatisfy { state.lit[$0.position].contains($0.cathode) },
        "\(value.debugDescription): lights part of the wired-together \(link.members.map(layout.name(of:)))")
    }
    // A multiplexed board lights one anode group at a time, its tubes sharing cathode outputs
    // with the other groups': the round trip holds for each group's frame (with the positions
    // every frame lights), not for the whole display at once.
    let positions = board.outputs.positions
    let groups = Set(positions.compactMap(\.group)).sorted()
    // Each frame: the whole display, or on a multiplexed board one anode group's frame (with
    // the positions every frame lights).
    let frames: [DisplayState] =
      groups.isEmpty
      ? [state]
      : groups.map { group in
        DisplayState(
          lit: state.lit.enumerated().map { index, lit in
            let own = index < positions.count ? positions[index].group : nil
            return own == nil || own == group ? lit : CathodeSet()
          })
      }
    // Cathodes wired together (Omnixie's colon, the NCM109's colons) are lit together by the
    // formatter, so the state is exactly what the wire shows: no companion appears on the way.
    for frame in frames {
      let decoded = board.outputs.decode(board.outputs.encode(frame))
      Property.check(
        decoded == frame,
        "\(value.debugDescription): the outputs read back \(decoded.lit) for \(frame.lit)")
    }
  }
}
