import NixieBoardModel
import NixieClock
import NixieClockSettings
import NixieInput
import NixieTransitions
import Testing

/// The clock's knob as a state machine: scripted line events in, daemon commands out.
struct ClockKnobTests {
  static let idle: LineSet = [.a, .b, .sw]
  static let levels = ClockKnob.levels

  /// The commands `script` makes on a knob starting at `brightness`, with everything due
  /// afterwards played out.
  static func commands(
    _ script: String, brightness: Double = 1, settings: ClockConfiguration.Knob = ClockConfiguration.Knob(),
    ringing: Bool = false, stopwatch: Bool? = nil
  ) throws -> [ClockCommand] {
    var knob = try ClockKnob(
      settings: settings, encoder: QuadratureSettings(), levels: idle, at: 0, brightness: brightness)
    knob.alarmRinging = ringing
    knob.stopwatchRunning = stopwatch
    var commands: [ClockCommand] = []
    let parsed = try InputScript(parsing: script)
    for event in parsed.levelChanges(encoder: QuadratureSettings(), levels: idle) {
      commands += knob.feed(event)
    }
    commands += knob.advance(to: parsed.end + 10_000_000_000)
    return commands
  }

  @Test func theLevelsAreEvenToTheEyeFromOneStepOfThePeriodToFull() {
    #expect(Self.levels.count == 24)
    #expect(Self.levels.last == 1)
    #expect(Self.levels[0] > 0.004 && Self.levels[0] < 0.005)
    let lightness = Self.levels.map { FadeCurve.perceptual.brightness(forDuty: $0) }
    for (earlier, later) in zip(lightness, lightness.dropFirst()) {
      #expect(abs(later - earlier - 1.0 / 24) < 1e-9)
    }
  }

  @Test func turningStepsTheBrightnessOneLevelPerDetentAndStopsAtTheEnds() throws {
    #expect(try Self.commands("0 ccw 3") == Self.levels[20...22].reversed().map { .setBrightness($0) })
    #expect(
      try Self.commands("0 ccw 2\n200 cw 1") == [
        .setBrightness(Self.levels[22]), .setBrightness(Self.levels[21]), .setBrightness(Self.levels[22]),
      ])
    // Full brightness is the top: clockwise does nothing; it never wraps round to the bottom.
    #expect(try Self.commands("0 cw 5").isEmpty)
    #expect(
      try Self.commands("0 ccw 30", brightness: Self.levels[2]).map(\.brightness) == [
        Self.levels[1], Self.levels[0],
      ])
  }

  @Test func theKnobStartsFromTheNearestLevelToTheConfiguredBrightness() throws {
    // 20 % duty lies between levels 11 and 12 (18.4 % and 22.1 %): nearest 18.4 %.
    #expect(try Self.commands("0 cw 1", brightness: 0.2) == [.setBrightness(Self.levels[12])])
  }

  @Test func fastTurnsAccelerate() throws {
    // Counter-clockwise detents 12 ms apart (edges 3 ms apart) move four levels each after the first.
    var script = ""
    var time = 0
    for _ in 0..<3 {
      for (line, level) in [("b", 0), ("a", 0), ("b", 1), ("a", 1)] {
        script += "\(time) \(line) \(level)\n"
        time += 3
      }
    }
    let levels = try Self.commands(script).map(\.brightness)
    #expect(levels == [Self.levels[22], Self.levels[18], Self.levels[14]], "\(levels)")
  }

  @Test func aPressShowsTheNextFaceAndALongPressTogglesTheNight() throws {
    #expect(try Self.commands("0 press") == [.nextFace])
    #expect(try Self.commands("0 hold 1500") == [.toggleNight])
    #expect(try Self.commands("0 press\n500 hold 1200\n2000 press") == [.nextFace, .toggleNight, .nextFace])
  }

  @Test func whileAnAlarmRingsAPressSnoozesAndAHoldStopsItAndNothingElse() throws {
    #expect(try Self.commands("0 press", ringing: true) == [.alarm(.snooze)])
    #expect(try Self.commands("0 hold 900", ringing: true) == [.alarm(.snooze)])
    #expect(try Self.commands("0 hold 1500", ringing: true) == [.alarm(.stop)])
    // Turning still sets the brightness; only presses are the alarm's.
    #expect(
      try Self.commands("0 ccw 1\n200 press", ringing: true) == [
        .setBrightness(Self.levels[22]), .alarm(.snooze),
      ])
  }

  @Test func aDoublePressBringsUpTheStopwatchAndItsPressesAreItsOwn() throws {
    // The first press shows the next face, as every press does; the second, released within
    // half a second of the first, starts the stopwatch.
    #expect(try Self.commands("0 press\n300 press") == [.nextFace, .stopwatch(.start)])
    #expect(try Self.commands("0 press\n700 press") == [.nextFace, .nextFace])
    #expect(try Self.commands("0 hold 1500\n1600 press") == [.toggleNight, .nextFace])
    // While it shows: a press stops or starts it, a long press resets it (no night), the turn
    // still dims.
    #expect(try Self.commands("0 press", stopwatch: true) == [.stopwatch(.stop)])
    #expect(try Self.commands("0 press", stopwatch: false) == [.stopwatch(.start)])
    #expect(try Self.commands("0 hold 1500", stopwatch: false) == [.stopwatch(.reset)])
    #expect(try Self.commands("0 ccw 1", stopwatch: true) == [.setBrightness(Self.levels[22])])
    // An alarm's ringing wins; presses switched off switch the double press off too.
    #expect(try Self.commands("0 press", ringing: true, stopwatch: true) == [.alarm(.snooze)])
    var settings = ClockConfiguration.Knob()
    settings.press = .none
    #expect(try Self.commands("0 press\n300 press", settings: settings).isEmpty)
  }

  @Test func aHeldPressStopsTheAlarmAtOneSecondWhileStillHeld() throws {
    var knob = try ClockKnob(
      settings: ClockConfiguration.Knob(), encoder: QuadratureSettings(), levels: Self.idle, at: 0,
      brightness: 1)
    knob.alarmRinging = true
    let script = try InputScript(parsing: "0 hold 3000")
    let events = script.levelChanges(encoder: QuadratureSettings(), levels: Self.idle)
    let press = try #require(events.first)
    let fromPress = knob.feed(press)
    #expect(fromPress.isEmpty)
    let pressed = try #require(knob.nextDeadline)
    // Debounced, then held: nothing until a second after the press was known.
    var commands = knob.advance(to: pressed)
    let stopAt = try #require(knob.nextDeadline)
    commands += knob.advance(to: stopAt - 1)
    #expect(commands.isEmpty)
    let atTheSecond = knob.advance(to: stopAt)
    #expect(atTheSecond == [.alarm(.stop)])
    #expect(stopAt - pressed == ClockKnob.alarmStopHold)
    var fromRelease: [ClockCommand] = []
    for event in events.dropFirst() { fromRelease += knob.feed(event) }
    #expect(fromRelease.isEmpty)
  }

  @Test func gesturesSwitchedOffInTheConfigurationDoNothing() throws {
    var settings = ClockConfiguration.Knob()
    settings.turn = .none
    settings.press = .none
    settings.longPress = .none
    #expect(try Self.commands("0 ccw 3\n200 press\n400 hold 1500", settings: settings).isEmpty)
    settings = ClockConfiguration.Knob()
    settings.longPressMilliseconds = 3000
    #expect(try Self.commands("0 hold 1500", settings: settings) == [.nextFace])
  }

  @Test func aReloadedConfigurationTakesOverFromTheNextEvent() throws {
    var knob = try ClockKnob(
      settings: ClockConfiguration.Knob(), encoder: QuadratureSettings(), levels: Self.idle, at: 0,
      brightness: 1)
    var off = ClockConfiguration.Knob()
    off.press = .none
    knob.reconfigure(off, brightness: Self.levels[5], at: 0)
    var commands: [ClockCommand] = []
    let script = try InputScript(parsing: "0 press\n200 cw 1")
    for event in script.levelChanges(encoder: QuadratureSettings(), levels: Self.idle) {
      commands += knob.feed(event)
    }
    commands += knob.advance(to: 10_000_000_000)
    // No face change any more, and turning goes on from the reloaded brightness.
    #expect(commands == [.setBrightness(Self.levels[6])])
  }

  @Test func withMomentumAFastSpinKeepsDimmingAfterTheKnobIsLetGo() throws {
    var settings = ClockConfiguration.Knob()
    settings.momentum = true
    // Five clean detents 40 ms apart: 25 a second, above the 15 a second that starts the wheel.
    let spun = try Self.commands("0 ccw 5", settings: settings)
    #expect(spun.count > 5)
    #expect(try Self.commands("0 ccw 5").count == 5)
  }
}

/// A board's buttons (the NCS314's MODE, UP, DOWN) drive the clock as the knob does.
struct ClockButtonTests {
  static let buttons = [LineRole.mode, .up, .down].enumerated().map { index, role in
    ButtonWiring(role: role, chip: "gpiochip0", line: UInt32(24 + index))
  }
  /// Pulled up: every button released.
  static let idle = LineSet([LineRole.mode, .up, .down])
  static let levels = ClockKnob.levels

  static func commands(
    _ script: String, brightness: Double = 1, settings: ClockConfiguration.Knob = ClockConfiguration.Knob(),
    ringing: Bool = false, stopwatch: Bool? = nil
  ) throws -> [ClockCommand] {
    var knob = try ClockKnob(
      settings: settings, encoder: nil, buttons: buttons, levels: idle, at: 0, brightness: brightness)
    knob.alarmRinging = ringing
    knob.stopwatchRunning = stopwatch
    var commands: [ClockCommand] = []
    let parsed = try InputScript(parsing: script)
    for event in parsed.levelChanges(encoder: QuadratureSettings(), levels: idle) {
      commands += knob.feed(event)
    }
    commands += knob.advance(to: parsed.end + 10_000_000_000)
    return commands
  }

  @Test func modeShowsTheNextFaceAndAHoldTogglesTheNight() throws {
    #expect(try Self.commands("0 press mode") == [.nextFace])
    #expect(try Self.commands("0 hold 1500 mode") == [.toggleNight])
    #expect(try Self.commands("0 press mode\n500 hold 1200 mode") == [.nextFace, .toggleNight])
  }

  @Test func aDoublePressOfModeBringsUpTheStopwatchAndModeIsItsOwn() throws {
    #expect(try Self.commands("0 press mode\n300 press mode") == [.nextFace, .stopwatch(.start)])
    #expect(try Self.commands("0 press mode", stopwatch: true) == [.stopwatch(.stop)])
    #expect(try Self.commands("0 hold 1500 mode", stopwatch: true) == [.stopwatch(.reset)])
    // UP and DOWN still step the brightness; two of them are no double press.
    #expect(
      try Self.commands("0 press down\n300 press down", stopwatch: true) == [
        .setBrightness(Self.levels[22]), .setBrightness(Self.levels[21]),
      ])
  }

  @Test func upAndDownStepOneLevelAPressAndStopAtTheEnds() throws {
    #expect(
      try Self.commands("0 press down\n200 press down") == [
        .setBrightness(Self.levels[22]), .setBrightness(Self.levels[21]),
      ])
    #expect(try Self.commands("0 press up").isEmpty)
    #expect(try Self.commands("0 press up", brightness: Self.levels[3]) == [.setBrightness(Self.levels[4])])
    #expect(try Self.commands("0 press down\n200 press down", brightness: Self.levels[0]).isEmpty)
  }

  @Test func holdingUpOrDownRepeatsAfterADelay() throws {
    // Pressed at 0: one step, then one at 400 ms and every 150 ms after: 400, 550, 700, 850.
    let steps = try Self.commands("0 hold 900 down")
    #expect(steps == (18...22).reversed().map { .setBrightness(Self.levels[$0]) }, "\(steps)")
  }

  @Test func whileAnAlarmRingsEveryButtonSnoozesOrStopsItAndDoesNothingElse() throws {
    #expect(try Self.commands("0 press mode", ringing: true) == [.alarm(.snooze)])
    #expect(try Self.commands("0 hold 1500 mode", ringing: true) == [.alarm(.stop)])
    // No brightness step, no repeat.
    #expect(try Self.commands("0 hold 900 down", ringing: true) == [.alarm(.snooze)])
    #expect(try Self.commands("0 hold 1500 up", brightness: Self.levels[3], ringing: true) == [.alarm(.stop)])
  }

  @Test func bounceShorterThanTheDebounceIsNotAPress() throws {
    #expect(try Self.commands("0 mode 0\n2 mode 1").isEmpty)
    #expect(try Self.commands("0 down 0\n1 down 1\n2 down 0\n3 down 1").isEmpty)
  }

  @Test func gesturesSwitchedOffInTheConfigurationDoNothing() throws {
    var settings = ClockConfiguration.Knob()
    settings.turn = .none
    settings.press = .none
    settings.longPress = .none
    #expect(
      try Self.commands("0 press mode\n200 hold 1500 mode\n2000 press down", settings: settings).isEmpty)
  }
}

extension ClockCommand {
  /// The level of a `.setBrightness`, nil otherwise.
  fileprivate var brightness: Double? {
    if case .setBrightness(let level) = self { return level }
    return nil
  }
}
