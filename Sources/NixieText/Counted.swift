/// Counts for messages: `1 problem`, `2 problems`, `0 separators` — the number and its noun,
/// plural by an `s` (every noun nixie counts takes one).
public enum Counted {
  /// `number` and `noun`, the noun plural unless the number is 1.
  public static func text(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
