import NixieTime

/// This machine's zones, for tests that need real ones.
enum Zones {
  static let database = ZoneDatabase(system: GlibcZoneSystem())

  static func named(_ name: String) throws -> ZoneCalendar { try database.zone(named: name) }

  static func time(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0)
    -> LocalTime
  {
    LocalTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
  }
}
