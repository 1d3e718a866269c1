import Testing

@testable import NixieText

/// Durations as nixie's files and options take them: seconds alone, or parts from hours down.
struct DurationTextTests {
  @Test(arguments: [
    ("90", 90), ("90s", 90), ("9m", 540), ("2h", 7200), ("1h30m", 5400), ("9m30s", 570), ("1h0m5s", 3605),
    ("0", 0), ("0s", 0), ("24h", 86_400), ("366h", 1_317_600),
  ])
  func readsWhatPeopleWrite(_ text: String, _ seconds: Int) {
    #expect(DurationText.seconds(text) == seconds)
  }

  @Test(arguments: [
    "", "m", "9x", "-5s", "5 m", "1m1h", "1h1h", "5ms", "1.5h", "h1", "99999999h", "１h",
    String(repeating: "1", count: 30), "9m ", "+5s",
  ])
  func refusesTheRest(_ text: String) {
    #expect(DurationText.seconds(text) == nil, "\(text)")
  }

  @Test(arguments: [(540, "9m"), (5400, "1h30m"), (45, "45s"), (0, "0s"), (3605, "1h5s")])
  func writesTheShortWayBack(_ seconds: Int, _ text: String) {
    #expect(DurationText.text(seconds) == text)
    #expect(DurationText.seconds(text) == seconds)
  }
}
