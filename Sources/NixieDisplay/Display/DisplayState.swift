import NixieText

/// What is lit: one set of cathodes per display position, left to right.
///
/// The formatter produces one, the transition engine blends two into frames, the board turns
/// a frame into chip outputs and the simulator decodes the outputs back into one.
public struct DisplayState: Hashable, Sendable {
  /// The lit cathodes of each position, indexed like `DisplayLayout.positions`.
  public var lit: [CathodeSet]

  public init(lit: [CathodeSet]) { self.lit = lit }

  /// Whether nothing at all is lit.
  public var isDark: Bool { lit.allSatisfy(\.isEmpty) }
}

extension DisplayLayout {
  /// The names of the lit cathodes of each position, in model order (docs/INTERFACE.md).
  public func cathodeNames(of state: DisplayState) -> [[String]] {
    zip(positions, state.lit).map { position, lit in
      lit.indices.map { position.model.cathodes[$0].name }
    }
  }

  /// One character per position: the lit digit or symbol, `" "` when dark, `"?"` when more
  /// than one main cathode is lit; for a separator `:`, `'`, `.` or `" "`.
  public func text(of state: DisplayState) -> String {
    var text = ""
    for (position, lit) in zip(positions, state.lit) {
      text.append(Self.character(for: lit, of: position.model))
    }
    return text
  }

  private static func character(for lit: CathodeSet, of model: TubeModel) -> Character {
    switch model.kind {
    case .separator:
      let upper = model.index(of: .upperDot).map(lit.contains) ?? false
      let lower = model.index(of: .lowerDot).map(lit.contains) ?? false
      switch (upper, lower) {
      case (true, true): return ":"
      case (true, false): return "'"
      case (false, true): return "."
      case (false, false): return " "
      }
    case .tube:
      let main = lit.intersection(model.mainCathodes)
      switch main.count {
      case 0: return " "
      case 1: return model.cathodes[main.indices[0]].glyph
      default: return "?"
      }
    }
  }

  /// The display state as the JSON object of docs/INTERFACE.md, with `extra` members appended
  /// (already encoded JSON values, e.g. `("t", "\"2026-…\"")`).
  public func json(of state: DisplayState, board: String, extra: [(String, String)] = []) -> String {
    let positions = cathodeNames(of: state).map { names in
      "[" + names.map(JSONText.quoted).joined(separator: ", ") + "]"
    }
    var members = [
      ("board", JSONText.quoted(board)),
      ("positions", "[" + positions.joined(separator: ", ") + "]"),
      ("text", JSONText.quoted(text(of: state))),
    ]
    members += extra
    return JSONText.object(members)
  }
}
