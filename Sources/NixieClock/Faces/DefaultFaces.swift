import NixieDisplay

/// The face a clock shows when nobody chose one: the first of a list, best first, that the
/// board can show at every time of day — `HH:mm:ss` on six tubes with colons, `HHmmss` on six
/// bare tubes, `HH:mm` on four tubes with a colon, `HHmm` on four bare tubes. A face the board
/// refuses is answered with the one that fits.
public enum DefaultFaces {
  /// Patterns, best first: seconds before minutes only, colons before spaces before nothing.
  public static let candidates = ["HH:mm:ss", "HH mm ss", "HHmmss", "HH:mm", "HH mm", "HHmm", "H:mm", "Hmm"]

  /// The best face `formatter`'s board can show, or nil when it can show none of them.
  public static func best(for formatter: ValueFormatter) -> ClockFace? {
    for candidate in candidates {
      guard let pattern = try? FacePattern(candidate) else { continue }
      if let face = try? ClockFace(pattern: pattern, formatter: formatter) { return face }
    }
    return nil
  }
}
