import NixieDisplay

/// How the clock owns up to not knowing the exact time (the system clock is unsynchronised):
/// the separators — colon dots and decimal points — blink or go dark.
public enum UnsynchronisedIndicator: String, Hashable, Sendable, CaseIterable {
  /// Separators lit in the first half of each second only.
  case blink
  /// Separators dark.
  case dark
  /// No sign.
  case none

  /// Whether the separators are hidden `nanosecondsIntoSecond` into a second.
  public func hidesSeparators(nanosecondsIntoSecond: Int64) -> Bool {
    switch self {
    case .blink: nanosecondsIntoSecond >= 500_000_000
    case .dark: true
    case .none: false
    }
  }

  /// `state` without its separator dots and decimal points (but with what the board wires
  /// together with a cathode still lit, as the wire shows it).
  public static func withoutSeparators(_ state: DisplayState, layout: DisplayLayout) -> DisplayState {
    var result = state
    for (index, position) in layout.positions.enumerated() {
      if !position.isTube {
        result.lit[index] = .none
        continue
      }
      for point in [position.pointBefore, position.pointAfter].compactMap({ $0 }) {
        if let bit = position.wiredIndex(of: point) { result.lit[index].remove(bit) }
      }
    }
    return layout.withLinkedCathodes(result)
  }
}
