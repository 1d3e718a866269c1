import NixieTestSupport
import Testing

@testable import NixieTime

/// POSIX TZ strings: what parses into what, what fails where, and how the rules read against
/// glibc's own reading of the same strings as TZ values.
struct PosixTimeZoneRuleTests {
  typealias Rule = PosixTimeZoneRule

  @Test func parsesEveryPart() throws {
    let berlin = try Rule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3")
    #expect(berlin.standard == LocalTimeType(secondsFromUTC: 3600, isDST: false, abbreviation: "CET"))
    #expect(berlin.daylight?.type == LocalTimeType(secondsFromUTC: 7200, isDST: true, abbreviation: "CEST"))
    #expect(
      berlin.daylight?.start == .init(day: .monthWeekday(month: 3, week: 5, weekday: 0), secondsIntoDay: 7200)
    )
    #expect(
      berlin.daylight?.end
        == .init(day: .monthWeekday(month: 10, week: 5, weekday: 0), secondsIntoDay: 10_800))

    let kathmandu = try Rule(parsing: "<+0545>-5:45")
    #expect(kathmandu.standard == LocalTimeType(secondsFromUTC: 20_700, isDST: false, abbreviation: "+0545"))
    #expect(kathmandu.daylight == nil)

    let nuuk = try Rule(parsing: "<-02>2<-01>,M3.5.0/-1,M10.5.0/0")
    #expect(nuuk.daylight?.type.secondsFromUTC == -3600)
    #expect(nuuk.daylight?.start.secondsIntoDay == -3600)

    let julian = try Rule(parsing: "XXX3YYY2:30:15,J60/26,100/-167:59:59")
    #expect(julian.standard.secondsFromUTC == -10_800)
    #expect(julian.daylight?.type.secondsFromUTC == -9015)
    #expect(julian.daylight?.start == .init(day: .julianSkippingLeapDay(60), secondsIntoDay: 26 * 3600))
    let endSeconds = -(167 * 3600 + 59 * 60 + 59)
    #expect(julian.daylight?.end == .init(day: .zeroBased(100), secondsIntoDay: endSeconds))

    // A DST name alone takes glibc's default: an hour ahead, the US dates.
    let us = try Rule(parsing: "EST5EDT")
    #expect(us.daylight?.type.secondsFromUTC == -14_400)
    #expect(
      us.daylight?.start == .init(day: .monthWeekday(month: 3, week: 2, weekday: 0), secondsIntoDay: 7200))
  }

  @Test(arguments: [
    ("", 1), ("CE", 1), ("CET", 4), ("CET-", 5), ("CET25", 4), ("CET-1:60", 7), ("CET-1CEST,", 11),
    ("CET-1CEST,M13.5.0,M10.5.0", 12), ("CET-1CEST,M3.6.0,M10.5.0", 14), ("CET-1CEST,M3.5.7,M10.5.0", 16),
    ("CET-1CEST,J0,J365", 12), ("CET-1CEST,366,0", 11), ("CET-1CEST,M3.5.0/168,M10.5.0", 18),
    ("CET-1CEST,M3.5.0", 17), ("CET-1CEST,M3.5.0,M10.5.0/3x", 27), ("<+05", 5), ("<+5>-5", 4),
    ("CET-1\u{1B}[2J", 6), ("CET-1CEST,M3.5.0,M10.5.0/1:2", 28),
  ])
  func rejectsMalformedRulesSayingWhere(_ text: String, _ column: Int) {
    let error = zoneError { _ = try Rule(parsing: text) }
    #expect(error?.reason == .invalidRule(column: column), "\(error?.description ?? "")")
    #expect(error.map { !$0.description.unicodeScalars.contains { $0.value < 0x20 } } ?? false)
  }

  @Test func refusesRulesLongerThanAnyRealOne() {
    let long = "<" + String(repeating: "A", count: 300) + ">0"
    #expect(throws: ZoneError.self) { try Rule(parsing: long) }
  }

  /// Day rules in one year: Jn never counts February 29, n does, Mm.5.d is the last.
  @Test(arguments: [
    (Rule.Day.julianSkippingLeapDay(59), Int64(2024), "2024-02-28"),
    (.julianSkippingLeapDay(60), 2024, "2024-03-01"),
    (.julianSkippingLeapDay(365), 2024, "2024-12-31"),
    (.zeroBased(59), 2024, "2024-02-29"),
    (.zeroBased(365), 2024, "2024-12-31"),
    (.zeroBased(0), 2023, "2023-01-01"),
    (.monthWeekday(month: 3, week: 5, weekday: 0), 2026, "2026-03-29"),
    (.monthWeekday(month: 2, week: 5, weekday: 4), 2024, "2024-02-29"),
    (.monthWeekday(month: 2, week: 5, weekday: 4), 2023, "2023-02-23"),
    (.monthWeekday(month: 3, week: 2, weekday: 0), 2026, "2026-03-08"),
    (.monthWeekday(month: 11, week: 1, weekday: 0), 2026, "2026-11-01"),
    (.monthWeekday(month: 10, week: 1, weekday: 6), 2026, "2026-10-03"),
  ])
  func daysOfTheYear(_ day: Rule.Day, _ year: Int64, _ expected: String) {
    let zone = ZoneCalendar(
      identifier: "x",
      rule: Rule(
        standard: LocalTimeType(secondsFromUTC: 0, isDST: false, abbreviation: "STD"),
        daylight: .init(
          type: LocalTimeType(secondsFromUTC: 3600, isDST: true, abbreviation: "DST"),
          start: .init(day: day, secondsIntoDay: 0),
          end: .init(day: .julianSkippingLeapDay(365), secondsIntoDay: 86_399))))
    let january1 = GregorianCalendar.daysSinceEpoch(year: year, month: 1, day: 1) * 86_400
    let start = zone.transitions(in: january1...(january1 + 365 * 86_400)).filter { zone.type(at: $0).isDST }
    #expect(start.first.map { String(zone.local($0).description.prefix(10)) } == expected)
  }

  /// The rules that stretch the format, read against glibc (through Python's time module,
  /// with each string as the TZ value) at random instants from 1970 to 2200.
  static let rules = [
    "CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0,M11.1.0", "<+0545>-5:45", "AEST-10AEDT,M10.1.0,M4.1.0/3",
    "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "IST-1GMT0,M10.5.0,M3.5.0/1",
    "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "<+13>-13<+14>,M9.5.0/3,M4.1.0/4", "XXX3YYY,J60/26,J300/-20",
    "AAA-5BBB,59/0,300/25", "EST5EDT4,0/0,J365/25", "<-04>4<-03>,M9.1.6/24,M4.1.6/24",
    "NZST-12NZDT,M9.5.0,M4.1.0/3",
    "<+00>0<+02>-2,M3.5.0/1,M10.5.0/3", "MST7", "UTC0", "HST10",
  ]

  static let glibcScript = """
    import os, sys, time
    for line in sys.stdin:
        rule, *instants = line.split()
        os.environ["TZ"] = rule
        time.tzset()
        for text in instants:
            g = time.localtime(int(text))
            print(g.tm_gmtoff, g.tm_isdst, g.tm_zone, g.tm_year, g.tm_mon, g.tm_mday, g.tm_hour, g.tm_min, g.tm_sec)
    """

  @Test func rulesReadAsGlibcReadsThem() throws {
    let python = try #require(ToolProcess.find("python3"), "python3 is needed")
    var random = SeededInstants(seed: 0x9051)
    let perRule = 1_000
    var instants: [[Int64]] = []
    var lines: [String] = []
    for rule in Self.rules {
      // Around the changes of a few years as well as anywhere.
      let zone = ZoneCalendar(identifier: rule, rule: try Rule(parsing: rule))
      let changes = zone.transitions(in: 1_767_225_600...1_893_456_000)
      var picked = (0..<perRule).map { _ in random.next(in: 0...7_258_118_400) }
      for change in changes { picked += [change - 1, change, change + 1] }
      instants.append(picked)
      lines.append(([rule] + picked.map(String.init)).joined(separator: " "))
    }
    let output = try ToolProcess.run(
      python, ["-c", Self.glibcScript], input: lines.joined(separator: "\n") + "\n")
    let readings = output.split(separator: "\n")
    #expect(readings.count == instants.map(\.count).reduce(0, +))
    var next = 0
    var problems: [String] = []
    for (rule, picked) in zip(Self.rules, instants) {
      let zone = ZoneCalendar(identifier: rule, rule: try Rule(parsing: rule))
      for instant in picked {
        guard next < readings.count else { break }
        let fields = readings[next].split(separator: " ").map(String.init)
        next += 1
        let numbers = fields.map { Int($0) ?? -1 }
        let glibc = SystemReading(
          instant: instant,
          local: LocalTime(
            year: numbers[3], month: numbers[4], day: numbers[5], hour: numbers[6], minute: numbers[7],
            second: numbers[8]),
          type: LocalTimeType(secondsFromUTC: numbers[0], isDST: numbers[1] > 0, abbreviation: fields[2]))
        if let problem = glibc.mismatch(in: zone) { problems.append(problem) }
      }
    }
    #expect(problems.isEmpty, "\(problems.count) disagreements, first: \(problems.prefix(20))")
  }
}
