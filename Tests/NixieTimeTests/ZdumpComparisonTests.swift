import Foundation
import NixieTestSupport
import NixieTime
import Testing

/// Every zone on this machine, read by us, against glibc's reading of the same files as
/// Debian's zdump prints it (`zdump -v -c 1970,2101`): at every change and one second either
/// side, the offset, DST flag, abbreviation and local time, and the set of changes itself.
/// Then the same for "slim" builds of the zones (zic -b slim), whose tables stop early and
/// leave the years after to the POSIX rule.
///
/// zdump over 1970–2101 for each of the 598 zones takes a minute, mostly because glibc parses
/// a file's footer again at every call past the table. So zdump reads each distinct file once,
/// over 1970–2037; from 2037, a zone whose table has ended reads by its footer alone, and glibc
/// reads that footer given as the TZ value (parsed once) exactly as it reads it from the file
/// (the same code, `__tzset_parse_tz`), so zdump runs over 2037–2101 once per distinct footer.
@Suite(.serialized) struct ZdumpComparisonTests {
  static let start1970: Int64 = 0
  static let start2037: Int64 = 2_114_380_800
  static let start2101: Int64 = 4_133_980_800

  /// zdump's readings of every zone over 1970–2101, by zone name. Names whose files are
  /// identical (links, mostly) share one reading; from 2037, zones that have reached their
  /// footer share zdump's reading of the footer as a TZ value.
  static func zdumpReadings(names: [String], zdump: String) throws -> [String: [SystemReading]] {
    var byContents: [Data: String] = [:]
    var early: [String: String] = [:]
    var late: [String: String] = [:]
    for name in names {
      let path = SystemZoneFiles.directory + "/" + name
      let contents = try #require(FileManager.default.contents(atPath: path))
      let facts = try #require(SystemZoneFiles.footerAndLastTransition(path))
      let twin = byContents[contents, default: name]
      byContents[contents] = twin
      early[name] = twin
      let tableEnded = facts.last.map { $0 < start2037 } ?? true
      late[name] = tableEnded && !facts.footer.isEmpty ? facts.footer : twin
    }
    func halves(_ group: [String: String]) -> [ArraySlice<String>] {
      let runs = Array(Set(group.values)).sorted()
      return [runs[..<(runs.count / 2)], runs[(runs.count / 2)...]]
    }
    let runs =
      try halves(early).map { (1970...2037, try ToolProcess.start(zdump, ["-v", "-c", "1970,2037"] + $0)) }
      + halves(late).map { (2037...2101, try ToolProcess.start(zdump, ["-v", "-c", "2037,2101"] + $0)) }
    var outputs: [[String: [SystemReading]]] = []
    for (years, run) in runs { outputs.append(try Zdump.parse(try run.output(), years: years)) }
    var readings: [String: [SystemReading]] = [:]
    for name in names {
      let (before, after) = (early[name] ?? name, late[name] ?? name)
      readings[name] =
        (outputs[0][before] ?? outputs[1][before] ?? []) + (outputs[2][after] ?? outputs[3][after] ?? [])
    }
    return readings
  }

  /// Where `zone` disagrees with zdump's `readings`, at most a few lines of it.
  static func mismatches(_ zone: ZoneCalendar, _ readings: [SystemReading]) -> [String] {
    var problems: [String] = []
    let instants = Set(readings.map(\.instant))
    for (index, reading) in readings.enumerated() {
      if let problem = reading.mismatch(in: zone) { problems.append(problem) }
      let isChange = index > 0 && readings[index - 1].instant == reading.instant - 1
      if isChange, !instants.contains(reading.instant + 1),
        let problem = reading.nextSecond().mismatch(in: zone)
      {
        problems.append(problem)
      }
    }
    let ours = zone.transitions(in: start1970...(start2101 - 1))
    let theirs = Zdump.transitions(readings)
    if ours != theirs {
      let extra = Set(ours).subtracting(theirs).sorted().prefix(3)
      let missing = Set(theirs).subtracting(ours).sorted().prefix(3)
      problems.append("\(zone.identifier): changes only we find \(extra), only zdump finds \(missing)")
    }
    return Array(problems.prefix(4))
  }

  @Test func everyZoneOnThisMachineReadsAsZdumpReadsIt() throws {
    let zdump = try #require(ToolProcess.find("zdump"), "zdump (Debian package libc-bin) is needed")
    let names = SystemZoneFiles.names()
    #expect(names.count > 300)
    let database = ZoneDatabase(system: GlibcZoneSystem())
    #expect(database.zoneNames() == names)

    let clock = ContinuousClock()
    var mark = clock.now
    func lap(_ what: String) {
      print("zdump comparison: \(what) took \(clock.now - mark)")
      mark = clock.now
    }
    lap("listing")
    let readings = try Self.zdumpReadings(names: names, zdump: zdump)
    lap("zdump")
    var problems: [String] = []
    var checked = 0
    for name in names {
      let zone = try database.zone(named: name)
      let zoneReadings = try #require(readings[name])
      checked += zoneReadings.count
      problems += Self.mismatches(zone, zoneReadings)
    }
    lap("fat comparison")
    #expect(checked > 50_000)
    #expect(problems.isEmpty, "\(problems.count) disagreements, first: \(problems.prefix(20))")

    // The slim builds of the same zones must read the same.
    let zic = try #require(ToolProcess.find("zic"), "zic (Debian package libc-bin) is needed")
    let slim = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-slim-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: slim) }
    _ = try ToolProcess.run(zic, ["-b", "slim", "-d", slim.path, SystemZoneFiles.directory + "/tzdata.zi"])
    let slimDatabase = ZoneDatabase(system: GlibcZoneSystem(), directory: slim.path)
    var slimmer = 0
    var differentBuilds: [String] = []
    for name in names {
      let fat = SystemZoneFiles.footerAndLastTransition(SystemZoneFiles.directory + "/" + name)?.last
      let slimLast = SystemZoneFiles.footerAndLastTransition(slim.path + "/" + name)?.last
      if (slimLast ?? Int64.min) < (fat ?? Int64.min) { slimmer += 1 }
      if !Self.mismatches(try slimDatabase.zone(named: name), try #require(readings[name])).isEmpty {
        differentBuilds.append(name)
      }
    }
    lap("slim comparison")
    #expect(slimmer > 100, "the slim tables should end earlier than the fat ones")
    // This machine's zic (glibc 2.36's) predates its tzdata (2025b) and builds a few zones'
    // slim files with different changes than Debian's fat files (America/Ojinaga, Asia/Gaza,
    // Asia/Hebron in 2025b). Those files are checked against zdump's reading of them instead.
    #expect(differentBuilds.count <= 10, "slim builds that read differently: \(differentBuilds)")
    var slimProblems: [String] = []
    if !differentBuilds.isEmpty {
      let paths = differentBuilds.map { slim.path + "/" + $0 }
      let slimReadings = try Zdump.parse(
        try ToolProcess.run(zdump, ["-v", "-c", "1970,2101"] + paths), years: 1970...2101)
      for (name, path) in zip(differentBuilds, paths) {
        slimProblems += Self.mismatches(try slimDatabase.zone(named: name), try #require(slimReadings[path]))
      }
    }
    #expect(slimProblems.isEmpty, "\(slimProblems.count) disagreements, first: \(slimProblems.prefix(20))")
  }
}
