/// Figures for `nixie bench`: how long loading a zone and reading instants in it take on this
/// machine, and the memory a zone holds. The clock is passed in (this module reads none).
public enum ZoneBenchmark {
  public struct Result: Sendable, CustomStringConvertible {
    public let zone: String
    /// Reading the file and parsing it, per load.
    public let loadMicroseconds: Double
    /// `local(_:)` (with `type(at:)`) inside the file's table, per call.
    public let localNanoseconds: Double
    /// `local(_:)` past the table, where the POSIX rule answers, per call.
    public let ruleLocalNanoseconds: Double
    /// `instant(atSecondOfDay:dayOf:)`, per call.
    public let instantNanoseconds: Double
    /// `ZoneCalendar.approximateSize`.
    public let zoneBytes: Int
    /// A sum over every answer, so no call can be optimised away.
    public let checksum: Int64

    public var description: String {
      func fixed(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
      }
      return
        "\(zone): load \(fixed(loadMicroseconds)) µs, local() \(fixed(localNanoseconds)) ns in the table, "
        + "\(fixed(ruleLocalNanoseconds)) ns by the rule, instant(atSecondOfDay:) "
        + "\(fixed(instantNanoseconds)) ns, \(zoneBytes) bytes"
    }
  }

  /// Nanoseconds since `start`; zero from a clock that went backwards.
  private static func elapsed(since start: UInt64, _ now: () -> UInt64) -> UInt64 {
    let end = now()
    return end >= start ? end - start : 0
  }

  /// Loads `zone` `loads` times, then makes `conversions` calls of each kind; `now` gives
  /// monotonic nanoseconds.
  public static func run(
    database: ZoneDatabase, zone: String, loads: Int = 200, conversions: Int = 100_000, now: () -> UInt64
  ) throws(ZoneError) -> Result {
    let loads = max(1, loads)
    let conversions = max(1, conversions)
    var checksum: Int64 = 0
    var calendar = try database.zone(named: zone)
    let loadStart = now()
    for _ in 0..<loads {
      calendar = try database.zone(named: zone)
      checksum &+= Int64(calendar.approximateSize)
    }
    let loadTime = Double(elapsed(since: loadStart, now)) / Double(loads)

    func timeLocal(from start: Int64) -> Double {
      let began = now()
      for index in 0..<conversions {
        let local = calendar.local(start &+ Int64(index) &* 317)
        checksum &+= Int64(local.secondOfDay &+ local.day)
      }
      return Double(elapsed(since: began, now)) / Double(conversions)
    }
    let tableLocal = timeLocal(from: 1_767_225_600)  // 2026
    let ruleLocal = timeLocal(from: 2_524_608_000)  // 2050
    let began = now()
    for index in 0..<conversions {
      let instant = calendar.instant(
        atSecondOfDay: index % 86_400, dayOf: 1_767_225_600 &+ Int64(index) &* 317)
      checksum &+= instant ?? 0
    }
    let instantTime = Double(elapsed(since: began, now)) / Double(conversions)
    return Result(
      zone: zone, loadMicroseconds: loadTime / 1000, localNanoseconds: tableLocal,
      ruleLocalNanoseconds: ruleLocal,
      instantNanoseconds: instantTime, zoneBytes: calendar.approximateSize, checksum: checksum)
  }
}
