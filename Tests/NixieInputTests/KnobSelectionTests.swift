import NixieBoardModel
import NixieInput
import Testing

/// The whole selection on line events, as `nixie select` runs it: scripts played through the
/// decoder and the switch into the spinner.
struct KnobSelectionTests {
  /// Plays `script` on the reference knob (active low, idle high) over `count` values and
  /// returns the events as text, e.g. "changed 3 turn @150".
  static func play(
    _ script: String, count: Int = 10, initial: Int? = nil, wraps: Bool = true, timeout: Double? = nil,
    momentum: Bool = false, until end: Double = 60_000
  ) throws -> [String] {
    let spinner = try Spinner(
      values: Array(0..<count), selectedIndex: initial, wraps: wraps,
      momentum: momentum ? Momentum.Settings() : nil)
    let idle: LineSet = [.a, .b, .sw]
    var selection = KnobSelection(spinner: spinner, levels: idle, at: 0, timeout: timeout.map { ms($0) })
    var events: [SpinnerEvent] = []
    for change in try InputScript(parsing: script).levelChanges(encoder: QuadratureSettings(), levels: idle) {
      events += selection.feed(change)
    }
    events += selection.advance(to: ms(end))
    return events.map(Self.text)
  }

  static func text(_ event: SpinnerEvent) -> String {
    switch event {
    case .changed(let index, let cause, let time):
      "changed \(index) \(cause.rawValue) @\(Milliseconds.text(time))"
    case .confirmed(let index, let time): "confirmed \(index) @\(Milliseconds.text(time))"
    case .cancelled(let reason, let time): "cancelled \(reason.rawValue) @\(Milliseconds.text(time))"
    }
  }

  @Test func turnsThenAShortPressConfirms() throws {
    #expect(
      try Self.play("120 cw 3\n300 press") == [
        "changed 1 turn @150", "changed 2 turn @190", "changed 3 turn @230", "confirmed 3 @385",
      ])
  }

  @Test func aLongPressCancelsWhenTheThresholdPasses() throws {
    #expect(try Self.play("0 ccw 1\n100 hold 3000") == ["changed 9 turn @30", "cancelled long-press @1105"])
  }

  @Test func nothingHappensAfterTheEnd() throws {
    #expect(
      try Self.play("0 press\n200 cw 2\n400 press") == ["confirmed 0 @85"])
  }

  @Test func theTimeoutCountsFromTheLastInput() throws {
    #expect(try Self.play("", timeout: 5000) == ["cancelled timeout @5000"])
    #expect(try Self.play("4000 cw 1", timeout: 5000) == ["changed 1 turn @4030", "cancelled timeout @9030"])
    #expect(
      try Self.play("4000 cw 1\n9000 press", timeout: 5000) == ["changed 1 turn @4030", "confirmed 1 @9085"])
  }

  @Test func rawLevelsWithBounceMakeOneDetent() throws {
    let script = """
      100 a 0
      100.3 a 1
      100.6 a 0
      110 b 0
      110.2 b 1
      110.5 b 0
      120 a 1
      130 b 1
      130.4 b 0
      130.9 b 1
      200 sw 0
      200.5 sw 1
      201 sw 0
      260 sw 1
      """
    #expect(try Self.play(script) == ["changed 1 turn @130", "confirmed 1 @265"])
  }

  @Test func aPressStopsTheWheelWithoutConfirming() throws {
    // Five fast detents (under 15 ms each), let go; the wheel runs; a press stops it; a
    // second press confirms where it stopped.
    var script = ""
    for k in 0..<5 {
      let t = Double(k) * 12
      script += "\(t) a 0\n\(t + 3) b 0\n\(t + 6) a 1\n\(t + 9) b 1\n"
    }
    script += "400 press\n1000 press\n"
    let events = try Self.play(script, count: 100, momentum: true)
    let momentum = events.filter { $0.contains("momentum") }
    #expect(!momentum.isEmpty)
    #expect(momentum.allSatisfy { Double($0.split(separator: "@")[1])! < 405 })
    let stoppedAt = events.last { $0.hasPrefix("changed") }!.split(separator: " ")[1]
    #expect(events.last == "confirmed \(stoppedAt) @1085")
    #expect(events.filter { $0.hasPrefix("confirmed") }.count == 1)
  }
}
