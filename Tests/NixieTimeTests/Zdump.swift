import NixieTime

/// Reads `zdump -v -c FROM,TO` output: for each zone, its readings in order, each line
/// `Zone  Sun Mar 29 00:59:59 2026 UT = Sun Mar 29 01:59:59 2026 CET isdst=0 gmtoff=3600`.
/// `-v` also prints bookends, the lowest and highest instants it can represent: glibc 2.36's
/// zdump as `… = NULL`, 2.41's (trixie) as `… (gmtime failed) = … (localtime failed)` or at years
/// beyond ±2 000 000 000. Lines with a side zdump could not convert are skipped, and so are
/// readings outside the years asked for (FROM's year before included: a change at FROM's first
/// second shows its second before).
enum Zdump {
  private static let months = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  struct ParseError: Error, CustomStringConvertible {
    let description: String
  }

  static func parse(_ output: String, years: ClosedRange<Int>) throws -> [String: [SystemReading]] {
    var readings: [String: [SystemReading]] = [:]
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if fields.count == 4 && fields[3] == "NULL" { continue }
      if fields.contains("failed)") { continue }
      guard fields.count == 16, fields[6] == "UT", fields[7] == "=",
        let universal = civil(fields[2...5]), let local = civil(fields[9...12]),
        fields[14].hasPrefix("isdst="), fields[15].hasPrefix("gmtoff="),
        let offset = Int(fields[15].dropFirst(7))
      else { throw ParseError(description: "unexpected zdump line: \(line)") }
      guard (years.lowerBound - 1)...years.upperBound ~= universal.year else { continue }
      let days = GregorianCalendar.daysSinceEpoch(
        year: Int64(universal.year), month: universal.month, day: universal.day)
      let type = LocalTimeType(
        secondsFromUTC: offset, isDST: fields[14] != "isdst=0", abbreviation: String(fields[13]))
      readings[String(fields[0]), default: []].append(
        SystemReading(instant: days * 86_400 + Int64(universal.secondOfDay), local: local, type: type))
    }
    return readings
  }

  /// `Mar 29 00:59:59 2026`.
  private static func civil(_ fields: ArraySlice<Substring>) -> LocalTime? {
    let parts = Array(fields)
    let time = parts[2].split(separator: ":").compactMap { Int($0) }
    guard let month = months.firstIndex(of: String(parts[0])), let day = Int(parts[1]), time.count == 3,
      let year = Int(parts[3])
    else { return nil }
    return LocalTime(year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2])
  }

  /// The instants of the changes zdump found: it prints each as the second before and the
  /// second of the change.
  static func transitions(_ readings: [SystemReading]) -> [Int64] {
    zip(readings, readings.dropFirst()).compactMap { before, at in
      at.instant == before.instant + 1 ? at.instant : nil
    }
  }
}
