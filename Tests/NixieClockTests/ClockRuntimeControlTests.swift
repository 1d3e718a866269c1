import NixieClock
import NixieClockSettings
import NixieControl
import NixieDisplay
import NixieSystem
import Testing

/// What version 3 of the control protocol asks of the daemon loop, on the injected clock: the
/// display off and on, one face chosen, night mode forced, a shown value's seconds from the
/// settings, a topic face shown while its value is fresh and skipped when stale — and that these
/// survive settings changed over the socket.
struct ClockRuntimeControlTests {
  typealias Rig = ClockDaemonTests.Rig
  static let second = ClockDaemonTests.second
  static let start = ClockDaemonTests.beforeSpring * ClockDaemonTests.second

  @Test func theDisplayOffIsDarkWhateverIsShownUntilItIsOnAgain() throws {
    let board = try Fixtures.board()
    let rig = Rig(planner: try Fixtures.planner(), start: Self.start, seconds: 6)
    let inbox = rig.inbox
    let value = try board.formatter.format("1234")
    rig.clock.schedule(.perform { inbox.post(.display(on: false)) }, after: 1_500_000_000)
    rig.clock.schedule(
      .perform { inbox.post(.show(value, seconds: 1, transition: nil)) }, after: 2_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.display(on: true)) }, after: 4_500_000_000)
    _ = try rig.daemon.run()
    let calls = rig.display.calls.dropLast()
    #expect(calls.map(\.text) == ["01:30:00", "01:30:01", "        ", "01:30:04", "01:30:05"])
    #expect(calls.map(\.brightness) == [1, 1, 0, 1, 1])
  }

  @Test func aChosenFaceShowsAloneAndTheKnobMovesItOn() throws {
    let rig = Rig(
      planner: try Fixtures.planner(faces: [("HH:mm:ss", 60), ("dd.MM.yy", 10)]), start: Self.start,
      seconds: 5)
    let inbox = rig.inbox
    rig.clock.schedule(.perform { inbox.post(.chooseFace(1)) }, after: 1_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.nextFace) }, after: 2_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.chooseFace(nil)) }, after: 3_500_000_000)
    _ = try rig.daemon.run()
    #expect(rig.texts.dropLast() == ["01:30:00", "01:30:01", "29.03.26", "01:30:02", "01:30:03", "01:30:04"])
  }

  @Test func nightForcedOnOrOffHoldsUntilTheHoursAreAskedForAgain() throws {
    let rig = Rig(planner: try Fixtures.planner(), start: Self.start, seconds: 5)
    let inbox = rig.inbox
    rig.clock.schedule(.perform { inbox.post(.setNight(true)) }, after: 1_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.setNight(nil)) }, after: 3_500_000_000)
    _ = try rig.daemon.run()
    // No night configured: a forced night dims to 20 %, as the knob's.
    #expect(rig.display.calls.dropLast().map(\.brightness) == [1, 1, 0.2, 0.2, 0.2, 1, 1])
  }

  @Test func aValueWithoutSecondsStaysForTheSettingsShowSeconds() throws {
    let board = try Fixtures.board()
    var planner = try Fixtures.planner()
    planner.showSeconds = 2
    let rig = Rig(planner: planner, start: Self.start, seconds: 6)
    let inbox = rig.inbox
    let value = try board.formatter.format("42")
    rig.clock.schedule(
      .perform { inbox.post(.show(value, seconds: nil, transition: nil)) }, after: 1_500_000_000)
    _ = try rig.daemon.run()
    let calls = rig.display.calls
    let shown = try #require(calls.firstIndex { $0.text == "      42" })
    #expect(calls[shown].wall == Self.start + 1_500_000_000)
    #expect(calls[shown + 1].text == "01:30:03")
    #expect(calls[shown + 1].wall == Self.start + 3_500_000_000)
  }

  /// Runtime choices survive a change of settings over the control socket (a new planner).
  @Test func theDisplayFaceAndNightSurviveAChangeOfSettings() throws {
    let faces = [("HH:mm:ss", 60), ("dd.MM.yy", 10)]
    let tokyo = try Fixtures.planner(zone: "Asia/Tokyo", faces: faces)
    let rig = Rig(
      planner: try Fixtures.planner(faces: faces), start: Self.start, seconds: 4, configure: { _ in tokyo })
    let inbox = rig.inbox
    let configuration = ClockConfiguration()
    rig.clock.schedule(.perform { inbox.post(.chooseFace(1)) }, after: 500_000_000)
    rig.clock.schedule(.perform { inbox.post(.setNight(true)) }, after: 700_000_000)
    rig.clock.schedule(.perform { inbox.post(.reconfigure(configuration)) }, after: 1_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.display(on: false)) }, after: 2_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.reconfigure(configuration)) }, after: 3_200_000_000)
    _ = try rig.daemon.run()
    let calls = rig.display.calls.dropLast()
    // A change of settings replans: the same picture is handed to the display again.
    #expect(calls.map(\.text) == ["01:30:00", "29.03.26", "29.03.26", "29.03.26", "        ", "        "])
    #expect(calls.map(\.brightness) == [1, 1, 0.2, 0.2, 0, 0])
  }

  /// A configuration of a date face and a topic face, as nixie.yaml would give it.
  static func topicPlanner(staleSeconds: Int, groupDigits: Bool = false) throws -> ClockPlanner {
    var configuration = ClockConfiguration()
    configuration.timeZone = "Europe/Berlin"
    configuration.faces = [
      .init(format: "HH:mm:ss", seconds: 5),
      .init(
        topic: TopicFace(
          topic: "home/outdoor/temperature", decimals: groupDigits ? nil : 1, staleSeconds: staleSeconds,
          groupDigits: groupDigits),
        seconds: 5),
    ]
    return try configuration.planner(for: try Fixtures.board())
  }

  /// 01:30:00 is second 5400 of the day: with a cycle of 10 s the topic face has seconds 5–9 of
  /// every ten. Its value comes at 1.5 s and is stale after 10 s: shown at 5–9, skipped at 15–19.
  @Test func aTopicFaceShowsItsFreshValueAndIsSkippedOnceItIsStale() throws {
    let board = try Fixtures.board()
    let rig = Rig(planner: try Self.topicPlanner(staleSeconds: 10), start: Self.start, seconds: 20)
    let inbox = rig.inbox
    let value = try board.formatter.format("21.456", options: FormatOptions(decimals: 1))
    let text = board.layout.text(of: value)
    rig.clock.schedule(
      .perform { inbox.post(.faceValue(topic: "home/outdoor/temperature", state: value)) },
      after: 1_500_000_000)
    _ = try rig.daemon.run()
    let texts = rig.texts.dropLast()
    #expect(texts.filter { $0 == text }.count == 1)
    let shown = try #require(texts.firstIndex(of: text))
    #expect(rig.display.calls[shown].wall == Self.start + 5 * Self.second)
    #expect(texts[shown + 1] == "01:30:10")
    // At 15 s the value is 13.5 s old: the date face before it shows through the turn.
    #expect(texts.contains("01:30:15") && texts.contains("01:30:19"))
    #expect(!texts.contains("01:30:05"))
  }

  @Test func aTopicFaceWithoutAValueShowsTheFaceBeforeIt() throws {
    let rig = Rig(planner: try Self.topicPlanner(staleSeconds: 60), start: Self.start, seconds: 10)
    _ = try rig.daemon.run()
    #expect(rig.texts.dropLast().count == 10)
    #expect(rig.texts.contains("01:30:07"))
  }

  /// The status tells its listener only when what a state subscriber sees changed: not every
  /// second.
  @Test func theStatusSpeaksOfChangesNotOfSeconds() throws {
    let status = ClockStatus()
    let heard = Locked(0)
    status.onChange { heard.withLock { $0 += 1 } }
    let planner = try Fixtures.planner()
    let clock = ClockStatus.Snapshot(planner: planner, activity: .face(0), night: false)
    status.update(clock)
    status.update(clock)
    var turned = clock
    turned.activity = .face(1)
    status.update(turned)
    #expect(heard.withLock { $0 } == 1)
    var dimmer = planner
    dimmer.brightness = 0.5
    status.update(ClockStatus.Snapshot(planner: dimmer, activity: .face(0), night: false))
    var off = dimmer
    off.displayOn = false
    status.update(ClockStatus.Snapshot(planner: off, activity: .face(0), night: false))
    status.update(ClockStatus.Snapshot(planner: off, activity: .face(0), night: false, message: "42"))
    #expect(heard.withLock { $0 } == 4)
  }
}
