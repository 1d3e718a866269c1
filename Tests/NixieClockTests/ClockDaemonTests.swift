import Foundation
import Glibc
import NixieClock
import NixieClockSettings
import NixieControl
import NixieDrivers
import NixieSimulator
import NixieSystem
import NixieTestSupport
import Testing

/// The daemon loop on an injected wall and monotonic clock, with a display that records what
/// it was asked: hours in milliseconds, every second exactly once, clock steps, signals,
/// reloads, control requests and knob commands. (`ClockOnTheWireTests` runs the daemon with
/// the real display path on the simulated board.)
struct ClockDaemonTests {
  static let second: Int64 = 1_000_000_000
  /// 2026-03-29 01:30:00 CET, half an hour before Berlin springs forward.
  static let beforeSpring: Int64 = 1_774_744_200

  struct Rig {
    let clock: ManualDaemonClock
    let display: RecordingDisplay
    let sync = FakeSynchronisation()
    let notifier: RecordingNotifier
    let inbox: ClockInbox
    let log = LogRecord()
    let daemon: ClockDaemon

    init(
      planner: ClockPlanner, start: Int64, lateness: UInt64 = 0, seconds: Double, synchronised: Bool = true,
      reload: (() throws -> ClockPlanner)? = nil,
      configure: ((ClockConfiguration) throws -> ClockPlanner)? = nil,
      zoneChange: (() -> ClockPlanner?)? = nil,
      clock: ManualDaemonClock? = nil, inbox: ClockInbox = ClockInbox(), settings: ClockSettingsEditor? = nil,
      status: ClockStatus? = nil
    ) {
      self.clock = clock ?? ManualDaemonClock(wall: start, lateness: lateness)
      let clock = self.clock
      self.inbox = inbox
      display = RecordingDisplay(layout: planner.layout, clock: clock)
      notifier = RecordingNotifier(watchdogInterval: nil, clock: clock)
      sync.synchronised = synchronised
      daemon = ClockDaemon(
        planner: planner, display: display,
        services: ClockDaemon.Services(
          clock: clock, synchronisation: sync, notifier: notifier, inbox: inbox, logger: log.logger,
          status: status, settings: settings),
        duration: UInt64(seconds * 1e9), reload: reload, configure: configure, zoneChange: zoneChange)
    }

    var texts: [String] { display.calls.map(\.text) }
  }

  @Test func anHourAcrossTheSpringChangeShowsEverySecondExactlyOnceRightAfterItsBoundary() throws {
    let planner = try Fixtures.planner()
    let rig = Rig(
      planner: planner, start: Self.beforeSpring * Self.second + 250_000_000, lateness: 80_000, seconds: 3600)
    #expect(try rig.daemon.run() == .durationElapsed)
    let shown = rig.display.calls.dropLast()  // the last call blanks the tubes
    #expect(shown.count == 3601)  // 01:30:00.25, then 3600 second boundaries
    for (index, call) in shown.enumerated() {
      let expected = Fixtures.text(planner, at: Self.beforeSpring + Int64(index))
      guard call.text == expected else {
        Issue.record("call \(index): \(call.text), expected \(expected)")
        return
      }
      if index > 0 { #expect(call.wall % Self.second == 80_000) }
    }
    #expect(shown[1799].text == "01:59:59" && shown[1800].text == "03:00:00")
    #expect(rig.display.calls.last?.text == "        ")
  }

  @Test func aStepForwardOrBackIsShownAtOnceAndTheSecondsGoOnFromThere() throws {
    let planner = try Fixtures.planner()
    let rig = Rig(planner: planner, start: Self.beforeSpring * Self.second, seconds: 30)
    let start = rig.clock.monotonicTime()
    rig.clock.schedule(.step(600 * Self.second), at: start + 10_300_000_000)
    rig.clock.schedule(.step(-45 * Self.second), at: start + 20_700_000_000)
    _ = try rig.daemon.run()
    let texts = rig.texts
    #expect(texts[9] == "01:30:09" && texts[10] == "01:30:10")
    // At 10.3 s the clock jumps 10 minutes: the new time is shown then, not at the next second.
    #expect(texts[11] == "01:40:10")
    #expect(rig.display.calls[11].wall % Self.second == 300_000_000)
    #expect(texts[12] == "01:40:11")
    let back = try #require(texts.firstIndex(of: "01:39:35"))
    #expect(texts[back - 1] == "01:40:20")
    #expect(texts[back + 1] == "01:39:36")
  }

  @Test func sigtermBlanksTheTubesAndTellsSystemdItIsStopping() throws {
    let rig = Rig(planner: try Fixtures.planner(), start: Self.beforeSpring * Self.second, seconds: 60)
    rig.clock.schedule(.signal(.terminate), after: 5_500_000_000)
    #expect(try rig.daemon.run() == .signal(.terminate))
    #expect(rig.display.calls.last?.text == "        ")
    #expect(rig.display.calls.last?.wall == (Self.beforeSpring + 5) * Self.second + 500_000_000)
    let messages = rig.notifier.messages.map(\.text)
    #expect(messages.first?.hasPrefix("READY=1\nSTATUS=") == true)
    #expect(messages.last == "STOPPING=1\nSTATUS=stopping")
  }

  @Test func sighupWithABadFileKeepsTheRunningConfigurationAndAGoodOneTakesOver() throws {
    let planner = try Fixtures.planner()
    let shorter = try Fixtures.planner(faces: [("HH:mm", 60)])
    var attempts = 0
    let rig = Rig(planner: planner, start: Self.beforeSpring * Self.second, seconds: 6) {
      attempts += 1
      if attempts == 1 { throw FixtureError("nixie.yaml:3:1: unknown key 'facez'") }
      return shorter
    }
    rig.clock.schedule(.signal(.hangUp), after: 2_500_000_000)
    rig.clock.schedule(.signal(.hangUp), after: 4_500_000_000)
    _ = try rig.daemon.run()
    #expect(rig.texts.contains("01:30:03") && rig.texts.contains("01:30:04"))
    #expect(rig.texts.contains("01:30   "))
    #expect(!rig.texts.contains("01:30:05"))
    #expect(rig.log.all.contains { $0.contains("not reloaded") && $0.contains("facez") })
    #expect(rig.log.all.contains { $0.contains("configuration reloaded") })
  }

  /// The system's zone changing under a running clock (timedatectl set-timezone): the next
  /// second is shown in the new zone, said in the log and in systemd's status.
  @Test func aChangeOfTheSystemsZoneIsShownFromTheNextSecond() throws {
    let berlin = try Fixtures.planner()
    let kathmandu = try Fixtures.planner(zone: "Asia/Kathmandu")
    var wakes = 0
    let rig = Rig(
      planner: berlin, start: Self.beforeSpring * Self.second, seconds: 4,
      zoneChange: {
        wakes += 1
        return wakes == 3 ? kathmandu : nil
      })
    _ = try rig.daemon.run()
    // 01:30 CET is 00:30 UTC, 06:15 in Kathmandu (+05:45).
    #expect(rig.texts.prefix(2) == ["01:30:00", "01:30:01"], "\(rig.texts)")
    #expect(rig.texts.dropFirst(2).first == "06:15:02", "\(rig.texts)")
    #expect(rig.log.all.contains { $0.contains("time zone changed") })
    // One STATUS more than the same run without a change sends.
    let unchanged = Rig(planner: berlin, start: Self.beforeSpring * Self.second, seconds: 4)
    _ = try unchanged.daemon.run()
    func statuses(_ rig: Rig) -> Int { rig.notifier.messages.filter { $0.text == "STATUS=running" }.count }
    #expect(statuses(rig) == statuses(unchanged) + 1)
  }

  @Test func aControlRequestShowsItsValueForItsSecondsThenTheClockReturns() throws {
    let board = try Fixtures.board()
    let rig = Rig(planner: try Fixtures.planner(), start: Self.beforeSpring * Self.second, seconds: 10)
    let inbox = rig.inbox
    let state = try board.formatter.format("1234")
    rig.clock.schedule(
      .perform { inbox.post(.show(state, seconds: 3, transition: .slot)) }, after: 2_500_000_000)
    _ = try rig.daemon.run()
    let calls = rig.display.calls
    let message = try #require(calls.firstIndex { $0.text == "   12 34" })
    #expect(calls[message].change == .value(.slot))
    #expect(calls[message].wall == (Self.beforeSpring + 2) * Self.second + 500_000_000)
    #expect(calls[message + 1].text == "01:30:05")
    #expect(calls[message + 1].wall == (Self.beforeSpring + 5) * Self.second + 500_000_000)
    #expect(calls[message + 2].text == "01:30:06")
  }

  @Test func knobCommandsSwitchTheFaceToggleTheNightAndSetTheBrightness() throws {
    let rig = Rig(
      planner: try Fixtures.planner(faces: [("HH:mm:ss", 60), ("dd.MM.yy", 10)]),
      start: Self.beforeSpring * Self.second, seconds: 6)
    let inbox = rig.inbox
    rig.clock.schedule(.perform { inbox.post(.nextFace) }, after: 1_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.nextFace) }, after: 2_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.toggleNight) }, after: 3_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.setBrightness(0.5)) }, after: 4_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.toggleNight) }, after: 5_200_000_000)
    _ = try rig.daemon.run()
    let calls = rig.display.calls.dropLast()
    #expect(
      calls.map(\.text) == [
        "01:30:00", "01:30:01", "29.03.26", "01:30:02", "01:30:03", "01:30:03", "01:30:04", "01:30:04",
        "01:30:05", "01:30:05",
      ])
    #expect(calls.map(\.brightness) == [1, 1, 1, 1, 1, 0.2, 0.2, 0.1, 0.1, 0.5])
    #expect(calls[5].change == .brightness)
  }

  @Test func settingsChangedOverTheControlSocketTakeOverAtOnce() throws {
    let tokyo = try Fixtures.planner(zone: "Asia/Tokyo")
    let rig = Rig(
      planner: try Fixtures.planner(), start: Self.beforeSpring * Self.second, seconds: 3,
      configure: { _ in tokyo })
    var tokyoConfiguration = ClockConfiguration()
    tokyoConfiguration.timeZone = "Asia/Tokyo"
    let configuration = tokyoConfiguration
    let inbox = rig.inbox
    rig.clock.schedule(.perform { inbox.post(.reconfigure(configuration)) }, after: 1_500_000_000)
    _ = try rig.daemon.run()
    // 01:30 in Berlin (CET) is 09:30 in Tokyo: shown at once, then every second on.
    #expect(rig.texts.dropLast() == ["01:30:00", "01:30:01", "09:30:01", "09:30:02"])
    #expect(rig.log.all.contains { $0.contains("settings changed over the control socket") })
  }

  /// A slider dragged over the control socket: ten changes in 2.7 s, each in force at once;
  /// the daemon writes the overrides file at the first and 5 s after the last (two writes) and
  /// logs the burst once, when it is over; the rest at debug.
  @Test func aBurstOfChangesIsInForceAtOnceWrittenTwiceAndLoggedOnce() throws {
    let folder = try ClockOverridesTests.folder()
    let file = folder.appendingPathComponent("overrides.yaml").path
    let settings = try ClockOverridesTests.settings(folder)
    let board = try Fixtures.board()
    let clock = ManualDaemonClock(wall: Self.beforeSpring * Self.second)
    let inbox = ClockInbox()
    let editor = ClockSettingsEditor(
      settings: settings, board: board, base: try settings.loadBase(), overrides: ClockOverrides(),
      inbox: inbox, now: { clock.monotonicTime() })
    let rig = Rig(
      planner: try settings.load().planner(for: board), start: Self.beforeSpring * Self.second, seconds: 12,
      configure: { _ in try editor.configuration.planner(for: board) }, clock: clock, inbox: inbox,
      settings: editor)
    let inodes = Locked<[UInt64]>([])
    @Sendable func look() {
      let number = (try? FileManager.default.attributesOfItem(atPath: file))?[.systemFileNumber] as? NSNumber
      if let inode = number?.uint64Value, inodes.withLock({ $0.last != inode }) {
        inodes.withLock { $0.append(inode) }
      }
    }
    for step in 0..<10 {
      var edit = ClockSettingsChange()
      edit.brightness = .set(10 * (step + 1))
      let change = edit
      rig.clock.schedule(
        .perform {
          _ = editor.apply(change)
          look()
        }, after: 1_000_000_000 + UInt64(step) * 300_000_000)
    }
    for second in 2...11 { rig.clock.schedule(.perform { look() }, after: UInt64(second) * 1_000_000_000) }
    _ = try rig.daemon.run()
    look()
    #expect(inodes.withLock { $0.count } == 2, "written \(inodes.withLock { $0.count }) times")
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("brightness: 100\n"))
    let lines = rig.log.all.filter {
      $0.hasPrefix("notice") && $0.contains("changed over the control socket")
    }
    #expect(lines.count == 1, "\(lines)")
    #expect(lines.first?.contains("(10 changes in 2 s)") == true, "\(lines)")
    // In force at once: the tubes' brightness followed every change.
    #expect(
      rig.display.calls.contains { $0.brightness == 1.0 }
        && rig.display.calls.contains { $0.brightness == 0.5 })
  }

  @Test func antiPoisoningAskedForRunsNowForItsSecondsThenTheClockReturns() throws {
    let rig = Rig(planner: try Fixtures.planner(), start: Self.beforeSpring * Self.second, seconds: 6)
    let inbox = rig.inbox
    rig.clock.schedule(.perform { inbox.post(.runAntiPoisoning(seconds: 2)) }, after: 1_500_000_000)
    _ = try rig.daemon.run()
    let calls = rig.display.calls
    let start = try #require(calls.firstIndex { if case .antiPoisoning = $0.change { true } else { false } })
    guard case .antiPoisoning(let run)? = calls[start].change else { return }
    #expect(run.kind == .requested)
    #expect(run.start == (Self.beforeSpring + 1) * Self.second + 500_000_000)
    #expect(run.end - run.start == 2 * Self.second)
    #expect(calls.last { $0.change == .value(.crossfade) }?.text == "01:30:05")
  }

  @Test func aRequestWithoutATransitionGetsTheOneConfiguredWhenItIsShown() throws {
    let board = try Fixtures.board()
    var slotted = try Fixtures.planner()
    slotted.transition = .slot
    var reloads = 0
    let rig = Rig(planner: try Fixtures.planner(), start: Self.beforeSpring * Self.second, seconds: 4) {
      reloads += 1
      return slotted
    }
    let inbox = rig.inbox
    let state = try board.formatter.format("42")
    rig.clock.schedule(.signal(.hangUp), after: 1_500_000_000)
    rig.clock.schedule(
      .perform { inbox.post(.show(state, seconds: 1, transition: nil)) }, after: 2_500_000_000)
    _ = try rig.daemon.run()
    #expect(reloads == 1)
    #expect(rig.display.calls.first { $0.text == "      42" }?.change == .value(.slot))
  }

  @Test func anUnsynchronisedClockBlinksItsSeparatorsEveryHalfSecond() throws {
    let rig = Rig(
      planner: try Fixtures.planner(), start: Self.beforeSpring * Self.second, seconds: 2, synchronised: false
    )
    _ = try rig.daemon.run()
    #expect(rig.texts.dropLast() == ["01:30:00", "01 30 00", "01:30:01", "01 30 01"])
    #expect(rig.display.calls.map(\.change)[1] == .blink)
    #expect(rig.log.all.contains { $0.contains("not synchronised") })
  }

}

/// Collects the frames the simulated chain decodes.
final class FrameCollector: FrameObserver {
  var frames: [LatchedFrame] = []
  func frameShown(_ frame: LatchedFrame) { frames.append(frame) }
}
