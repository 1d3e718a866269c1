import Testing

@testable import NixieText

/// "Did you mean": typos find their word, unrelated words find nothing.
struct SuggestionTests {
  static let zones = ["Europe/Berlin", "Europe/Bern", "America/New_York", "Asia/Kathmandu", "UTC"]

  @Test(arguments: [
    ("europe/berlin", "Europe/Berlin"), ("Europe/Berln", "Europe/Berlin"), ("Eruope/Berlin", "Europe/Berlin"),
    ("America/New York", "America/New_York"), ("Asia/Katmandu", "Asia/Kathmandu"), ("UCT", "UTC"),
  ])
  func aTypoFindsItsWord(_ typed: String, _ expected: String) {
    #expect(Suggestion.closest(to: typed, in: Self.zones) == expected)
  }

  @Test(arguments: ["Mars/Olympus", "", "x", String(repeating: "Europe/Berlin", count: 10_000)])
  func somethingElseFindsNothing(_ typed: String) {
    #expect(Suggestion.closest(to: typed, in: Self.zones) == nil)
  }

  static let boards = ["mcp23017-4xin12", "pcf8574-4xin12", "omnixie-ntdb", "ncs314", "ncs314-v3"]

  @Test(arguments: [
    ("omnixie", "omnixie-ntdb"), ("MCP23017", "mcp23017-4xin12"), ("pcf", "pcf8574-4xin12"),
    ("Kathmandu", "Asia/Kathmandu"), ("new_york", "America/New_York"),
  ])
  func theOneWordItBeginsOrEndsFindsIt(_ typed: String, _ expected: String) {
    #expect(Suggestion.closest(to: typed, in: Self.boards + Self.zones) == expected)
  }

  /// Two words begin so, or the text is too short to mean one: nothing is guessed.
  @Test(arguments: ["Europe", "om", "Eur"])
  func anAmbiguousStartFindsNothing(_ typed: String) {
    #expect(Suggestion.closest(to: typed, in: Self.boards + Self.zones) == nil)
  }

  @Test(arguments: [
    ("", "", 0), ("abc", "", 3), ("abc", "abc", 0), ("abc", "acb", 1), ("kitten", "sitting", 3),
  ])
  func editDistanceCountsInsertionsDeletionsChangesAndSwaps(_ a: String, _ b: String, _ expected: Int) {
    #expect(Suggestion.editDistance(Array(a), Array(b)) == expected)
  }
}
