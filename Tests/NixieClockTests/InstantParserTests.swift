import Foundation
import NixieClock
import Testing

/// `--at` instants: ISO 8601, with local times read in the clock's zone.
struct InstantParserTests {
  @Test(arguments: [
    ("2026-03-29T01:59:50+01:00", Int64(1_774_745_990_000_000_000)),
    ("2026-03-29T00:59:50Z", 1_774_745_990_000_000_000),
    ("2026-03-29T01:59:50.25+01:00", 1_774_745_990_250_000_000),
    ("2026-03-29T01:59:50", 1_774_745_990_000_000_000),
    ("2026-03-29 01:59:50", 1_774_745_990_000_000_000),
  ])
  func atInstantsAreISO8601WithLocalTimesInTheClocksZone(_ text: String, _ expected: Int64) throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    #expect(InstantParser.parse(text, zone: berlin) == expected)
  }

  @Test(arguments: [
    "2026-03-29T02:30:00", "2026-13-01T00:00:00Z", "yesterday", "2026-03-29T01:59:50+1",
    "2026-02-30T00:00:00Z",
  ])
  func impossibleOrMalformedInstantsAreRefused(_ text: String) throws {
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    #expect(InstantParser.parse(text, zone: berlin) == nil)
  }
}
