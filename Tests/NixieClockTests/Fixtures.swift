import Foundation
import NixieBoardModel
import NixieBoards
import NixieClock
import NixieClockSettings
import NixieControl
import NixieTime

/// Boards, planners and instants the clock tests share.
enum Fixtures {
  static func board(_ name: String = "hv5622-6xin14") throws -> BoardProfile {
    try BoardCatalog.load(.builtIn(name))
  }

  static func calendar(_ zone: String) throws -> ZoneCalendar {
    guard let calendar = try? ClockZones.system.zone(named: zone) else {
      throw FixtureError("no zone \(zone)")
    }
    return calendar
  }

  /// A planner for `faces` (pattern, seconds) in `zone` on `board`.
  static func planner(
    zone: String = "Europe/Berlin", faces: [(String, Int)] = [("HH:mm:ss", 60)], board: BoardProfile? = nil,
    night: NightMode? = nil, antiPoisoning: AntiPoisoningSchedule = .off,
    indicator: UnsynchronisedIndicator = .blink, brightness: Double = 1
  ) throws -> ClockPlanner {
    let board = try board ?? Self.board()
    let turns = try faces.map { pattern, seconds in
      FaceRotation.Turn(
        face: try ClockFace(pattern: try FacePattern(pattern), formatter: board.formatter), seconds: seconds)
    }
    return ClockPlanner(
      calendar: try calendar(zone), rotation: FaceRotation(turns: turns), layout: board.layout, night: night,
      antiPoisoning: antiPoisoning, indicator: indicator, brightness: brightness)
  }

  /// The text the tubes show at Unix second `seconds` (synchronised clock).
  static func text(
    _ planner: ClockPlanner, at seconds: Int64, nanoseconds: Int64 = 0, synchronised: Bool = true
  )
    -> String
  {
    planner.layout.text(
      of: planner.frame(at: seconds * 1_000_000_000 + nanoseconds, synchronised: synchronised).state)
  }

  /// Unix seconds of an RFC 3339 UTC instant such as `2026-03-29T01:00:00Z`.
  static func unix(_ text: String) throws -> Int64 {
    do {
      return try InstantParser.parse(text, zone: .utc) / 1_000_000_000
    } catch {
      throw FixtureError("bad instant \(text): \(error)")
    }
  }

  static func time(_ text: String) throws -> TimeOfDay {
    guard let time = TimeOfDay(text) else { throw FixtureError("bad time \(text)") }
    return time
  }
}

struct FixtureError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
