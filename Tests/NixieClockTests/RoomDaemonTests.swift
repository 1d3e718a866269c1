import NixieBoardModel
import NixieBoards
import NixieClock
import NixieControl
import NixieDisplay
import NixieRoom
import NixieTime
import NixieWireDecoders
import Testing

/// The room in the daemon loop, on injected time: the light sensor's samples move the
/// brightness smoothly (night mode still wins), a lost sensor falls back and is found again,
/// once each in the log, and nobody there darkens the tubes until someone comes back, when
/// they light at once with the current time. (`RoomOnTheWireTests` below checks the wire.)
struct RoomDaemonTests {
  static let second: Int64 = 1_000_000_000
  /// 2026-03-29 01:30:00 CET.
  static let start: Int64 = 1_774_744_200

  static func planner(fallback: Int = 60, offAfter: Int64? = nil, night: NightMode? = nil) throws
    -> ClockPlanner
  {
    var planner = try Fixtures.planner(night: night, brightness: Double(fallback) / 100)
    planner.light = AutoBrightness.Settings(curve: .standard, fallbackPercent: fallback)
    planner.presenceOffAfter = offAfter
    return planner
  }

  /// Posts `command` at `offset` nanoseconds into the run.
  static func post(_ command: ClockCommand, at offset: Int64, on rig: ClockDaemonTests.Rig) {
    let inbox = rig.inbox
    rig.clock.schedule(
      .perform { inbox.post(command) }, at: UInt64(Int64(rig.clock.monotonicTime()) + offset))
  }

  /// Each brightness the display was given and when (ms into the run), changes only.
  static func brightnesses(_ rig: ClockDaemonTests.Rig) -> [(ms: Int64, percent: Int)] {
    var out: [(Int64, Int)] = []
    for call in rig.display.calls.dropLast() {
      let percent = Int((call.brightness * 100).rounded())
      if out.last?.1 != percent { out.append(((call.wall - start * second) / 1_000_000, percent)) }
    }
    return out
  }

  @Test func theBrightnessFollowsTheLightOneSmallStepASecond() throws {
    let rig = ClockDaemonTests.Rig(planner: try Self.planner(), start: Self.start * Self.second, seconds: 8)
    let sensor = "tsl2563 (iio:device0)"
    Self.post(.light(.lux(500), sensor: sensor), at: 500_000_000, on: rig)
    Self.post(.light(.lux(0), sensor: sensor), at: 3_200_000_000, on: rig)
    _ = try rig.daemon.run()
    let changes = Self.brightnesses(rig)
    // The fallback until the first reading, then at once the curve's 100 %; lights off at
    // 3.2 s: down by a tenth a second towards the dark room's 10 %.
    #expect(changes.map(\.percent) == [60, 100, 90, 81, 73, 66, 59])
    #expect(changes.map(\.ms) == [0, 500, 3200, 4200, 5200, 6200, 7200])
    #expect(rig.log.all.filter { $0.hasPrefix("warning") }.isEmpty)
  }

  @Test func aLostSensorFallsBackAndIsFoundAgainOnceEach() throws {
    let rig = ClockDaemonTests.Rig(
      planner: try Self.planner(fallback: 60), start: Self.start * Self.second, seconds: 8)
    Self.post(.light(.lux(0), sensor: "bh1750 (iio:device1)"), at: 100_000_000, on: rig)
    for offset in [1, 2, 3] as [Int64] {
      Self.post(
        .light(
          .failed("cannot read /sys/bus/iio/devices/iio:device1/in_illuminance_raw: No such device"),
          sensor: "bh1750 (iio:device1)"),
        at: offset * Self.second + 100_000_000, on: rig)
    }
    Self.post(.light(.lux(-4), sensor: "bh1750 (iio:device1)"), at: 4_100_000_000, on: rig)
    Self.post(.light(.lux(0), sensor: "bh1750 (iio:device2)"), at: 5_100_000_000, on: rig)
    _ = try rig.daemon.run()
    let lines = rig.log.all.filter { $0.contains("light sensor") }
    #expect(
      lines == [
        "warning: light sensor bh1750 (iio:device1): cannot read /sys/bus/iio/devices/iio:device1/in_illuminance_raw: No such device; brightness 60 % until it reads again",
        "info: light sensor bh1750 (iio:device2) reads 0 lux: the brightness follows the light again",
      ])
    // 10 % in the dark, up towards the fallback while lost, back down once found.
    #expect(Self.brightnesses(rig).map(\.percent) == [60, 10, 11, 12, 13, 14, 13, 12, 11])
  }

  /// A dim night is at most its share of the day's brightness, darker if the room is; a dark
  /// night is dark whatever the light.
  static let nights: [(Double, NightMode.Mode?, Double)] = [
    (0.4, nil, 0.4), (0.4, .dim, 0.2), (0.1, .dim, 0.1), (0.9, .dark, 0),
  ]

  @Test(arguments: nights)
  func nightModeStillWins(roomLight: Double, night: NightMode.Mode?, level: Double) throws {
    let hours = NightMode(
      from: try Fixtures.time("00:00"), until: try Fixtures.time("12:00"), mode: night ?? .dim,
      brightness: 0.2)
    var planner = try Self.planner(fallback: 100, night: night.map { _ in hours })
    planner.roomLight = roomLight
    let frame = planner.frame(at: Self.start * Self.second, synchronised: true)
    #expect(abs(frame.brightness - level) < 1e-12)
    #expect(frame.state.isDark == (level == 0))
  }

  @Test func nobodyThereDarkensAndSomeoneBackLightsAtOnce() throws {
    let rig = ClockDaemonTests.Rig(
      planner: try Self.planner(offAfter: 3 * Self.second), start: Self.start * Self.second, seconds: 10)
    Self.post(.presence(active: false), at: 100_000_000, on: rig)
    Self.post(.presence(active: true), at: 5_300_000_000, on: rig)
    Self.post(.presence(active: false), at: 5_400_000_000, on: rig)
    _ = try rig.daemon.run()
    let calls = rig.display.calls.dropLast()
    // Lit until 3 s after the line was last seen inactive (0.1 s), then dark.
    let dark = try #require(calls.firstIndex { $0.brightness == 0 })
    #expect(calls[dark].wall == (Self.start + 3) * Self.second + 100_000_000)
    #expect(calls[dark].text == "        ")
    #expect(calls[..<dark].allSatisfy { $0.brightness == 0.6 })
    // The edge at 5.3 s lights the tubes then, with the time of 5.3 s and no fade.
    let lit = try #require(calls.indices.first { $0 > dark && calls[$0].brightness > 0 })
    #expect(calls[dark + 1..<lit].allSatisfy { $0.brightness == 0 })
    #expect(calls[lit].wall == (Self.start + 5) * Self.second + 300_000_000)
    #expect(calls[lit].text == "01:30:05")
    #expect(calls[lit].change == .value(.none))
    // Seen until 5.4 s: dark again at 8.4 s, faded as the night is.
    let again = try #require(calls.indices.first { $0 > lit && calls[$0].brightness == 0 })
    #expect(calls[again].wall == (Self.start + 8) * Self.second + 400_000_000)
    #expect(calls[again].change == .value(.crossfade))
  }

  /// The knob sets the brightness by hand: the light is not followed until the next reload.
  @Test func theKnobTakesOverUntilAReload() throws {
    let rig = ClockDaemonTests.Rig(planner: try Self.planner(), start: Self.start * Self.second, seconds: 5)
    Self.post(.light(.lux(500), sensor: "s"), at: 500_000_000, on: rig)
    Self.post(.setBrightness(0.3), at: 1_500_000_000, on: rig)
    Self.post(.light(.lux(0), sensor: "s"), at: 2_500_000_000, on: rig)
    _ = try rig.daemon.run()
    #expect(Self.brightnesses(rig).map(\.percent) == [60, 100, 30])
    #expect(rig.log.all.contains("info: brightness set by hand: it follows the light again after a reload"))
  }

  /// The state reports what the sensor read, the brightness it chose and who is there.
  @Test func theStateReportsTheRoom() throws {
    let board = try Fixtures.board()
    var planner = try Self.planner(offAfter: 600 * Self.second)
    planner.roomLight = 0.57
    let status = ClockStatus()
    var room = RoomReport()
    room.light = RoomReport.Light(sensor: "tsl2563 (iio:device0)", lux: 212.5, percent: 57, source: .sensor)
    room.presence = RoomReport.Presence(
      present: false, lastSeen: Self.start * Self.second, offAfterSeconds: 600)
    status.update(ClockStatus.Snapshot(planner: planner, activity: nil, night: false, room: room))
    let json = ClockStateReport(board: board, status: status, editor: nil, frames: nil, timing: { nil })
      .json()
    #expect(
      json.contains(
        "\"light\": {\"sensor\": \"tsl2563 (iio:device0)\", \"lux\": 212.5, \"brightness\": 57, \"source\": \"sensor\", \"fault\": null}"
      ), "\(json)")
    #expect(
      json.contains(
        "\"presence\": {\"present\": false, \"last_seen\": \"2026-03-29T00:30:00.000000Z\", \"off_after_s\": 600}"
      ),
      "\(json)")
    let plain = ClockStatus()
    plain.update(ClockStatus.Snapshot(planner: try Fixtures.planner(), activity: nil, night: false))
    let none = ClockStateReport(board: board, status: plain, editor: nil, frames: nil, timing: { nil }).json()
    #expect(none.contains("\"light\": null, \"presence\": null"), "\(none)")
  }
}

/// The room on the wire: the real display path on the simulated board. Nobody there: the
/// tubes fade out and, on a board whose line powers them (Omnixie's ON/OFF), the power goes
/// off; someone back: lit within a frame of the edge, power on first.
struct RoomOnTheWireTests {
  static let second = WireRig.second
  static let start: Int64 = 1_774_744_200

  @Test func theTubesAndTheirPowerFollowPresence() throws {
    let board = try Fixtures.board("omnixie-ntdb")
    var planner = try Fixtures.planner(faces: [("HH:mm", 60)], board: board)
    planner.presenceOffAfter = 2 * Self.second
    let rig = try WireRig(
      planner: planner, board: board, start: Self.start * Self.second, seconds: 6, traced: true)
    let inbox = rig.inbox
    let back = rig.startMono + 4_300_000_000
    rig.clock.schedule(.perform { inbox.post(.presence(active: false)) }, at: rig.startMono + 100_000_000)
    rig.clock.schedule(.perform { inbox.post(.presence(active: true)) }, at: back)
    try rig.run()
    let trace = try rig.logicTrace()
    let power = try trace.wire(WireNames.hvEnable)
    let gone = rig.startMono + 2_100_000_000
    // Lit and powered until nobody has been there for 2 s; then faded out (500 ms) and off.
    #expect(trace.level(of: power, at: gone - 1_000_000) == true)
    let faded = rig.startMono + 600_000_000
    #expect(rig.duty(position: 0, cathode: rig.cathode(0, at: 0), from: faded, to: gone) == 1)
    #expect(trace.level(of: power, at: gone + 700_000_000) == false)
    #expect(rig.frames(from: gone + 600_000_000, to: back).allSatisfy { $0.state.isDark })
    // Someone back at 4.3 s: powered and showing 01:30 within the same millisecond.
    let lit = try #require(rig.frames.frames.first { $0.time >= back && !$0.state.isDark })
    #expect(lit.time - back < 1_000_000, "lit \(lit.time - back) ns after the edge")
    let shown = try #require(
      rig.frames.frames.first { $0.time >= back && board.layout.text(of: $0.state) == "01:30" })
    #expect(shown.time - back < 1_000_000)
    #expect(trace.level(of: power, at: lit.time) == true)
  }
}
