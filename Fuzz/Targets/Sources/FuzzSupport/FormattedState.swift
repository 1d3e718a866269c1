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
    let decoded = board.outputs.decode(board.outputs.encode(state))
    Property.check(
      decoded == state, "\(value.debugDescription): the outputs read back \(decoded.lit) for \(state.lit)")
  }
}
