/// "Did you mean …?": the one place nixie finds the likely intended word — a configuration
/// key, a command, an option, a board name, a time zone — among the ones it knows.
public enum Suggestion {
  /// The candidate closest to `text` by edit distance, ignoring case, when close enough to be a
  /// typo: at most a third of the candidate's length (and at least one edit). Work stays
  /// bounded for any input: a candidate whose length differs by more than that is skipped
  /// without comparing.
  public static func closest(to text: String, in candidates: [String]) -> String? {
    let typed = Array(text.lowercased())
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let known = Array(candidate.lowercased())
      let allowed = max(1, known.count / 3)
      guard abs(known.count - typed.count) <= allowed else { continue }
      let distance = editDistance(typed, known)
      if distance <= allowed, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.candidate ?? uniquePart(of: text, in: candidates)
  }

  /// The one candidate that `text` begins, or whose last part after a `/` it is, ignoring case
  /// (`omnixie` → `omnixie-ntdb`, `Berlin` → `Europe/Berlin`); nil when none or several do, or
  /// when `text` is too short to mean one.
  static func uniquePart(of text: String, in candidates: [String]) -> String? {
    let typed = text.lowercased()
    guard typed.count >= 3 else { return nil }
    var match: String?
    for candidate in candidates {
      let known = candidate.lowercased()
      let lastPart = known.split(separator: "/").last.map(String.init) ?? known
      guard known.hasPrefix(typed) || lastPart == typed else { continue }
      guard match == nil else { return nil }
      match = candidate
    }
    return match
  }

  /// Edits between two words, a swap of neighbours counting as one (optimal string alignment).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }
}
