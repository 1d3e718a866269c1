import NixieTestSupport
import NixieTime
import Testing

/// Random instants from 1900 to 2200 in a sample of zones, against two other readers of the
/// same files: Python's zoneinfo (its own TZif and TZ-rule code) and glibc's localtime (through
/// Python's time module). zoneinfo has no DST flag of its own, so that is checked with glibc.
struct PythonComparisonTests {
  static let tricky = [
    "Australia/Lord_Howe", "Asia/Kathmandu", "Europe/Dublin", "Africa/Casablanca", "Pacific/Apia",
    "Antarctica/Troll", "America/Nuuk", "America/Sao_Paulo", "Australia/Sydney", "Pacific/Chatham",
    "America/Santiago", "Asia/Tehran", "Europe/Moscow", "America/St_Johns", "Pacific/Kiritimati",
  ]
  static let from1900: Int64 = -2_208_988_800
  static let to2200: Int64 = 7_258_118_400
  static let instantsPerZone = 2_000

  static let script = """
    import datetime, os, sys, time, zoneinfo
    for line in sys.stdin:
        name, *instants = line.split()
        zone = zoneinfo.ZoneInfo(name)
        os.environ["TZ"] = name
        time.tzset()
        for text in instants:
            t = int(text)
            d = datetime.datetime.fromtimestamp(t, zone)
            g = time.localtime(t)
            print(name, t, int(d.utcoffset().total_seconds()), d.tzname(), d.year, d.month, d.day, d.hour,
                  d.minute, d.second, g.tm_gmtoff, g.tm_isdst, g.tm_zone, g.tm_year, g.tm_mon, g.tm_mday,
                  g.tm_hour, g.tm_min, g.tm_sec)
    """

  @Test func randomInstantsFrom1900To2200ReadAsZoneinfoAndGlibcReadThem() throws {
    let python = try #require(ToolProcess.find("python3"), "python3 is needed")
    let names = SystemZoneFiles.names()
    let sample = Array(Set(Self.tricky + names.enumerated().filter { $0.offset % 40 == 0 }.map(\.element)))
      .sorted()
    var random = SplitMix64(state: 0x5EED_7153)
    let span = UInt64(Self.to2200 - Self.from1900)
    let input = sample.map { name in
      ([name] + (0..<Self.instantsPerZone).map { _ in String(Self.from1900 + Int64(random.next() % span)) })
        .joined(separator: " ")
    }.joined(separator: "\n")
    let output = try ToolProcess.run(python, ["-c", Self.script], input: input + "\n")

    let database = ZoneDatabase(system: GlibcZoneSystem())
    var zones: [String: ZoneCalendar] = [:]
    var problems: [String] = []
    var checked = 0
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: " ").map(String.init)
      guard fields.count == 19, let instant = Int64(fields[1]) else {
        Issue.record("unexpected line from Python: \(line)")
        continue
      }
      let numbers = fields.map { Int($0) ?? 0 }
      let zone = try zones[fields[0]] ?? database.zone(named: fields[0])
      zones[fields[0]] = zone
      let ours = SystemReading(instant: instant, local: zone.local(instant), type: zone.type(at: instant))
      let zoneinfo = SystemReading(
        instant: instant,
        local: LocalTime(
          year: numbers[4], month: numbers[5], day: numbers[6], hour: numbers[7], minute: numbers[8],
          second: numbers[9]),
        type: LocalTimeType(secondsFromUTC: numbers[2], isDST: ours.type.isDST, abbreviation: fields[3]))
      let glibc = SystemReading(
        instant: instant,
        local: LocalTime(
          year: numbers[13], month: numbers[14], day: numbers[15], hour: numbers[16], minute: numbers[17],
          second: numbers[18]),
        type: LocalTimeType(secondsFromUTC: numbers[10], isDST: numbers[11] > 0, abbreviation: fields[12]))
      if ours != zoneinfo { problems.append("\(fields[0]): zoneinfo \(zoneinfo), ours \(ours)") }
      if ours != glibc { problems.append("\(fields[0]): glibc \(glibc), ours \(ours)") }
      checked += 1
    }
    #expect(checked == sample.count * Self.instantsPerZone)
    #expect(problems.isEmpty, "\(problems.count) disagreements, first: \(problems.prefix(20))")
  }
}
