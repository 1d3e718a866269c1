import NixieClock
import NixieControl
import NixieTime
import Testing

/// `--at` instants: ISO 8601, with local times read in the clock's zone; every refusal says why.
struct InstantParserTests {
  static func berlin() throws -> ZoneCalendar { try ClockZones.system.zone(named: "Europe/Berlin") }

  @Test(arguments: [
    ("2026-03-29T01:59:50+01:00", Int64(1_774_745_990_000_000_000)),
    ("2026-03-29T00:59:50Z", 1_774_745_990_000_000_000),
    ("2026-03-29T01:59:50.25+01:00", 1_774_745_990_250_000_000),
    ("2026-03-29T01:59:50.1234567891+01:00", 1_774_745_990_123_456_789),
    ("2026-03-29T01:59:50", 1_774_745_990_000_000_000),
    ("2026-03-29 01:59:50", 1_774_745_990_000_000_000),
    // A repeated hour (the end of summer time) is its first instant: still +02:00.
    ("2026-10-25T02:30:00", 1_792_888_200_000_000_000),
    ("1900-01-01T00:00:00Z", -2_208_988_800_000_000_000),
    ("2199-12-31T23:59:59-23:59", 7_258_204_739_000_000_000),
  ])
  func atInstantsAreISO8601WithLocalTimesInTheClocksZone(_ text: String, _ expected: Int64) throws {
    #expect(try InstantParser.parse(text, zone: Self.berlin()) == expected)
  }

  @Test(arguments: [
    ("2026-03-29T02:30:00", "skip that time"), ("2026-13-01T00:00:00Z", "no such date"),
    ("yesterday", "not an ISO 8601 instant"), ("2026-03-29T01:59:50+1", "not an ISO 8601 instant"),
    ("2026-02-30T00:00:00Z", "no such date"), ("2026-03-29T01:59:50+24:00", "less than 24:00"),
    ("2026-03-29T01:59:50-99:00", "less than 24:00"), ("1583-03-29T01:59:50Z", "years 1900 to 2199"),
    ("9999-12-31T23:59:59Z", "years 1900 to 2199"), ("0001-01-01T00:00:00Z", "years 1900 to 2199"),
    ("2026-03-29T01:59:50.", "not an ISO 8601 instant"), ("2026-03-29T01:59:50\u{1B}[2J", "\\u{1B}[2J"),
  ])
  func impossibleOrMalformedInstantsAreRefusedSayingWhy(_ text: String, _ reason: String) throws {
    #expect {
      _ = try InstantParser.parse(text, zone: Self.berlin())
    } throws: { error in
      "\(error)".contains(reason)
    }
  }
}
