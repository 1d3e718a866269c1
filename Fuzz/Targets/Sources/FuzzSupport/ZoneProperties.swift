import NixieTime

/// What must hold of any zone nixie's time-zone reader accepts, probed at a few instants: the
/// extremes of Int64, 1970, years 1 and 9999, and the instants around the given ones (a
/// file's transitions). Every offset is within `LocalTimeType.offsetLimit`; an instant whose
/// local date lies within years 1–9999 is among the instants its local time names; the
/// transitions found in a range are ascending, inside it and real changes.
public enum ZoneProperties {
  /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z in Unix seconds.
  private static let firstYear: Int64 = -62_135_596_800
  private static let lastYear: Int64 = 253_402_300_799

  public static func check(_ zone: ZoneCalendar, around instants: [Int64]) {
    var probes: [Int64] = [.min, .min + 1, .max - 1, .max, 0, firstYear, lastYear, 1_767_225_600]
    for instant in instants {
      probes += [instant &- 1, instant, instant &+ 1]
    }
    for instant in probes {
      let type = zone.type(at: instant)
      Property.check(
        abs(type.secondsFromUTC) <= LocalTimeType.offsetLimit,
        "offset \(type.secondsFromUTC) at \(instant) is beyond ±\(LocalTimeType.offsetLimit)")
      let local = zone.local(instant)
      if (1...9999).contains(local.year) {
        let named = zone.instants(at: local)
        Property.check(named.contains(instant), "\(instant) reads \(local), which names \(named)")
      }
    }
    for start in [firstYear, 0, 1_767_225_600, lastYear] + instants.prefix(4) {
      let (end, overflow) = start.addingReportingOverflow(3 * 366 * 86_400)
      let range = start...(overflow ? Int64.max : end)
      let changes = zone.transitions(in: range, limit: 16)
      Property.check(changes.count <= 16, "\(changes.count) transitions, over the limit of 16")
      Property.check(zip(changes, changes.dropFirst()).allSatisfy { $0 < $1 }, "unordered \(changes)")
      for change in changes {
        Property.check(range.contains(change), "transition \(change) outside \(range)")
        Property.check(
          change > Int64.min && zone.type(at: change) != zone.type(at: change - 1),
          "transition \(change) changes nothing")
      }
    }
  }
}
