import NixieBoardModel
import NixieInput
import NixieTransports
import Testing

/// The simulator input script: parsing, errors with line numbers, and the line levels it plays.
struct InputScriptTests {
  @Test func parsesTheInterfaceExample() throws {
    let script = try InputScript(
      parsing: """
        0    a 0        # raw level of line a (physical level: 0 = contact closed on an active-low board)
        3    b 0
        120  cw 3       # shorthand: three clean detents clockwise, 40 ms apart
        900  press      # short press of the push switch (80 ms)
        1500 hold 1200  # press and hold for 1200 ms
        """)
    #expect(
      script.lines == [
        .init(number: 1, time: 0, action: .level(.a, high: false)),
        .init(number: 2, time: ms(3), action: .level(.b, high: false)),
        .init(number: 3, time: ms(120), action: .turn(.clockwise, detents: 3)),
        .init(number: 4, time: ms(900), action: .press),
        .init(number: 5, time: ms(1500), action: .hold(ms(1200))),
      ])
    #expect(script.end == ms(2700))
    #expect(script.usesSwitch)
  }

  @Test func buttonsArePressedHeldOrSetByName() throws {
    let script = try InputScript(parsing: "0 press mode\n100 hold 1200 up\n1400 down 0\n1500 down 1\n")
    #expect(
      script.lines.map(\.action) == [
        .button(.mode, duration: InputScript.pressDuration), .button(.up, duration: ms(1200)),
        .level(.down, high: false), .level(.down, high: true),
      ])
    #expect(script.lines.map(\.action.text) == ["press mode", "hold 1200 up", "down 0", "down 1"])
    #expect(script.usesButtons && !script.usesSwitch)
    #expect(!(try InputScript(parsing: "0 press\n100 cw 1")).usesButtons)
    // Pulled-up buttons go low while pressed; active-high ones high.
    #expect(
      script.levelChanges(encoder: QuadratureSettings(), levels: []).prefix(4) == [
        LineEvent(.mode, high: false, at: 0), LineEvent(.mode, high: true, at: ms(80)),
        LineEvent(.up, high: false, at: ms(100)), LineEvent(.up, high: true, at: ms(1300)),
      ])
    #expect(
      script.levelChanges(encoder: QuadratureSettings(), buttonsActiveLow: false, levels: []).first
        == LineEvent(.mode, high: true, at: 0))
  }

  /// The presence line's levels are played apart from the knob: the knob's changes leave
  /// them out, `presenceChanges` has them alone.
  @Test func presenceLevelsArePlayedApart() throws {
    let script = try InputScript(parsing: "0 presence 1\n100 cw 1\n2500 presence 0\n")
    #expect(script.lines.map(\.action.text) == ["presence 1", "cw 1", "presence 0"])
    #expect(
      script.presenceChanges == [
        LineEvent(.presence, high: true, at: 0), LineEvent(.presence, high: false, at: ms(2500)),
      ])
    #expect(!script.levelChanges(encoder: QuadratureSettings(), levels: []).contains { $0.role == .presence })
    #expect(script.usesKnobOrButtons)
    #expect(!(try InputScript(parsing: "0 presence 1\n")).usesKnobOrButtons)
  }

  @Test func commentsBlankLinesTabsAndFractionsAreFine() throws {
    let script = try InputScript(parsing: "# knob\n\n\t12.5\tccw 2 # two back\r\n100.000001 sw 1\n")
    #expect(script.lines.map(\.number) == [3, 4])
    #expect(script.lines.map(\.time) == [12_500_000, 100_000_001])
    #expect(script.lines[0].action == .turn(.counterclockwise, detents: 2))
    #expect(try InputScript(parsing: "").lines.isEmpty)
  }

  @Test(arguments: [
    ("0 cw 1\nx1 press", 2, "'x1' is not a time"),
    ("-5 press", 1, "'-5' is not a time"),
    ("1.1234567 press", 1, "'1.1234567' is not a time"),
    ("10", 1, "missing the event"),
    ("10 spin 3", 1, "unknown event 'spin'"),
    ("10 a", 1, "'a' needs a level"),
    ("10 a 2", 1, "'a 2': a level is 0 (low) or 1 (high)"),
    ("10 b 0 1", 1, "'b' takes only a level, 0 or 1, found '0 1'"),
    ("# c\n10 cw 0", 2, "'cw 0': the number of detents"),
    ("10 ccw three", 1, "'ccw three'"),
    ("10 cw 100001", 1, "'cw 100001': the number of detents is a whole number from 1 to 100000"),
    ("10 press 80", 1, "'press' takes nothing or a button (mode, up, down), found '80'"),
    ("10 press mode up", 1, "'press' takes nothing or a button (mode, up, down), found 'mode up'"),
    ("10 hold 500 left", 1, "'hold 500 left': a button is mode, up or down"),
    ("10 hold 500 up 3", 1, "'hold' takes a duration in milliseconds and maybe a button"),
    ("10 mode 2", 1, "'mode 2': a level is 0 (low) or 1 (high)"),
    ("10 presence on", 1, "'presence on': a level is 0 (low) or 1 (high)"),
    ("0 press up\n50 down 0", 2, "before line 1's 'press up' is over at 80 ms"),
    ("0 hold 700 mode\n500 up 0", 2, "before line 1's 'hold 700 mode' is over at 700 ms"),
    ("10 hold", 1, "'hold' needs a duration"),
    ("10 hold 0", 1, "'hold 0': the duration is milliseconds above 0"),
    ("100 a 0\n50 a 1", 2, "time 50 ms is before line 1's 100 ms"),
    ("0 cw 3\n\n100 press", 3, "starts at 100 ms, before line 1's 'cw 3' is over at 120 ms"),
    ("0 press\n79.5 a 0", 2, "before line 1's 'press' is over at 80 ms"),
    ("0 hold 1000\n500 cw 1", 2, "'hold 1000' is over at 1000 ms"),
  ])
  func malformedScriptsNameTheLine(_ text: String, _ line: Int, _ message: String) {
    #expect {
      try InputScript(parsing: text)
    } throws: { error in
      guard let error = error as? InputScriptError else { return false }
      return error.line == line && error.message.contains(message)
        && error.description.hasPrefix("line \(line): ")
    }
  }

  static let settings: [QuadratureSettings] = {
    var all: [QuadratureSettings] = []
    for detents in QuadratureSettings.DetentsPerCycle.allCases {
      for reverse in [false, true] {
        for activeLow in [false, true] {
          all.append(QuadratureSettings(activeLow: activeLow, reverse: reverse, detentsPerCycle: detents))
        }
      }
    }
    return all
  }()

  @Test(arguments: settings)
  func shorthandDetentsDecodeAsWrittenOnEveryWiring(_ settings: QuadratureSettings) throws {
    let script = try InputScript(parsing: "0 cw 3\n200 ccw 5\n500 cw 1\n")
    let open = settings.level(closed: false)
    let levels: LineSet = open ? [.a, .b, .sw] : []
    let changes = script.levelChanges(encoder: settings, switchActiveLow: settings.activeLow, levels: levels)
    var decoder = QuadratureDecoder(settings: settings, levels: levels)
    let detents = changes.compactMap { decoder.feed($0) }
    #expect(signs(detents) == "+++-----+")
    let spacing = ms(40) / UInt64(4 / settings.detentsPerCycle.rawValue)
    let completed: [UInt64] = [ms(40) - spacing, ms(80) - spacing, ms(120) - spacing]
    #expect(Array(detents.map(\.time).prefix(3)) == completed)
    #expect(changes.allSatisfy { $0.role == .a || $0.role == .b })
  }

  @Test func aClockwiseDetentOnTheReferenceBoardIsAClosesBClosesAOpensBOpens() throws {
    let changes = try InputScript(parsing: "100 cw 1").levelChanges(
      encoder: QuadratureSettings(), levels: [.a, .b, .sw])
    #expect(
      changes.map(\.description) == ["100000000 a 0", "110000000 b 0", "120000000 a 1", "130000000 b 1"])
    let reversed = try InputScript(parsing: "0 cw 1").levelChanges(
      encoder: QuadratureSettings(reverse: true), levels: [.a, .b, .sw])
    #expect(reversed.map(\.role) == [.b, .a, .b, .a])
  }

  @Test func shorthandsContinueFromRawLevels() throws {
    // A left closed by a raw line: the next detent walks on from there (B closes first).
    let changes = try InputScript(parsing: "0 a 0\n10 cw 1").levelChanges(
      encoder: QuadratureSettings(), levels: [.a, .b, .sw])
    #expect(
      changes.map(\.description) == ["0 a 0", "10000000 b 0", "20000000 a 1", "30000000 b 1", "40000000 a 0"])
  }

  @Test func pressAndHoldCloseTheSwitchForTheirDuration() throws {
    let script = try InputScript(parsing: "100 press\n300 hold 1200\n")
    #expect(
      script.levelChanges(encoder: QuadratureSettings(), levels: [.a, .b, .sw]).map(\.description) == [
        "100000000 sw 0", "180000000 sw 1", "300000000 sw 0", "1500000000 sw 1",
      ])
    #expect(
      script.levelChanges(encoder: QuadratureSettings(activeLow: false), switchActiveLow: false, levels: [])
        .map(\.high) == [true, false, true, false])
  }

  @Test(arguments: [
    (0, "0"), (1, "0.000001"), (2_500_000, "2.5"), (120_000_000, "120"), (1_000_125, "1.000125"),
  ])
  func millisecondsReadAndWrite(_ ns: UInt64, _ text: String) {
    #expect(Milliseconds.text(ns) == text)
    #expect(Milliseconds.nanoseconds(parsing: Substring(text)) == ns)
  }
}
