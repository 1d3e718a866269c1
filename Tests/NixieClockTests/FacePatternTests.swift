import NixieClock
import NixieTime
import Testing

/// `--format` patterns: the fields, their widths, literals and what is refused.
struct FacePatternTests {
  static let afternoon = LocalTime(year: 2026, month: 3, day: 7, hour: 13, minute: 5, second: 9)
  static let midnight = LocalTime(year: 2026, month: 12, day: 31, hour: 0, minute: 30, second: 0)
  static let noon = LocalTime(year: 2009, month: 1, day: 1, hour: 12, minute: 0, second: 0)

  @Test(arguments: [
    ("HH:mm:ss", afternoon, "13:05:09"), ("H:m:s", afternoon, "13:5:9"), ("hh:mm", afternoon, "01:05"),
    ("h:mm", afternoon, "1:05"), ("HH:mm", midnight, "00:30"), ("H:mm", midnight, "0:30"),
    ("hh:mm", midnight, "12:30"), ("h", noon, "12"), ("kk", midnight, "24"), ("K", noon, "0"),
    ("KK", afternoon, "01"), ("dd.MM.yy", afternoon, "07.03.26"), ("d.M.yyyy", afternoon, "7.3.2026"),
    ("yy", noon, "09"), ("y", noon, "2009"), ("dd.MM.", midnight, "31.12."),
  ])
  func rendersEachFieldAtItsWidth(_ pattern: String, _ time: LocalTime, _ expected: String) throws {
    #expect(try FacePattern(pattern).render(time) == expected)
  }

  @Test(arguments: [
    ("HH''mm", "13'05"), ("HH'mm", "13'05"), ("HH' 'mm", "13 05"), ("'T'HH", "T13"),
    ("HH' mm", "13' 05"), ("'it''s' HH", "it's 13"),
  ])
  func quotesFollowUTS35WithALoneQuoteAsAnApostrophe(_ pattern: String, _ expected: String) throws {
    #expect(try FacePattern(pattern).render(Self.afternoon) == expected)
  }

  @Test(arguments: [
    ("HH:mm a", "AM/PM"), ("EEE HH", "day names"), ("MMM", "month names"), ("yyy", "'yyy'"),
    ("HHH", "'HHH'"), ("HH:mm:ss.SSS", "fractions"), ("x", "'x' is not a field"), ("", "empty"),
  ])
  func refusesWhatDigitsCannotShow(_ pattern: String, _ named: String) {
    #expect {
      _ = try FacePattern(pattern)
    } throws: { error in
      "\(error)".contains(named) && "\(error)".contains("format '\(pattern)'")
    }
  }
}
