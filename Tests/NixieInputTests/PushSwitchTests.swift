import NixieInput
import Testing

/// The push switch with injected time: debounce, short and long press, hold-repeat.
struct PushSwitchTests {
  /// Feeds physical levels ("0" = pressed on an active-low switch) at millisecond times, then
  /// lets time run to `until`, and returns the events as "kind@ms".
  static func run(
    _ levels: [(Double, Int)], until end: Double, settings: SwitchSettings = SwitchSettings(),
    startHigh: Bool = true
  ) -> [String] {
    var button = PushSwitch(settings: settings, high: startHigh, at: 0)
    var events: [SwitchEvent] = []
    for (time, level) in levels { events += button.feed(high: level == 1, at: ms(time)) }
    events += button.advance(to: ms(end))
    return events.map { "\($0.kind.rawValue)@\(Milliseconds.text($0.time))" }
  }

  @Test func aCleanPressIsShortOnRelease() {
    #expect(
      Self.run([(100, 0), (180, 1)], until: 2000) == [
        "pressed@105", "released@185", "short-press@185",
      ])
  }

  @Test func bounceShorterThanTheDebounceIsIgnored() {
    let closing = [(100, 0), (100.4, 1), (101, 0), (102.5, 1), (103, 0)]
    let opening = [(180, 1), (180.2, 0), (181, 1), (184.9, 0), (185, 1)]
    #expect(
      Self.run(closing + opening, until: 2000) == [
        "pressed@108", "released@190", "short-press@190",
      ])
  }

  @Test func aGlitchShorterThanTheDebounceIsNothing() {
    #expect(Self.run([(100, 0), (104.999, 1)], until: 2000).isEmpty)
    #expect(Self.run([(100, 0), (105, 1)], until: 2000).first == "pressed@105", "5 ms is enough")
  }

  @Test func aLongPressFiresOnceWhenTheThresholdPassesNotOnRelease() {
    #expect(Self.run([(100, 0)], until: 5000) == ["pressed@105", "long-press@1105"])
    #expect(
      Self.run([(100, 0), (3000, 1)], until: 5000) == [
        "pressed@105", "long-press@1105", "released@3005",
      ])
    #expect(
      Self.run([(100, 0), (1099, 1)], until: 5000) == [
        "pressed@105", "released@1104", "short-press@1104",
      ])
  }

  @Test func theThresholdFiresWithoutAnEdge() {
    var button = PushSwitch(high: true, at: 0)
    #expect(button.feed(high: false, at: ms(100)).isEmpty)
    #expect(button.nextDeadline == ms(105))
    #expect(button.advance(to: ms(105)).map(\.kind) == [.pressed])
    #expect(button.nextDeadline == ms(1105))
    #expect(button.advance(to: ms(1104)).isEmpty)
    #expect(button.advance(to: ms(1105)).map(\.kind) == [.longPress])
    #expect(button.nextDeadline == nil)
    #expect(button.advance(to: ms(9000)).isEmpty)
  }

  @Test func holdRepeatFiresAtTheDelayThenEveryInterval() {
    let settings = SwitchSettings(longPress: nil, repeating: .init(delay: ms(500), interval: ms(100)))
    #expect(
      Self.run([(0, 0), (830, 1)], until: 2000, settings: settings) == [
        "pressed@5", "repeat@505", "repeat@605", "repeat@705", "repeat@805", "released@835",
        "short-press@835",
      ])
  }

  @Test func repeatAndLongPressTogether() {
    let settings = SwitchSettings(longPress: ms(300), repeating: .init(delay: ms(300), interval: ms(200)))
    #expect(
      Self.run([(0, 0), (600, 1)], until: 2000, settings: settings) == [
        "pressed@5", "long-press@305", "repeat@305", "repeat@505", "released@605",
      ])
  }

  @Test func aSwitchHeldAtStartUpMakesNoPress() {
    #expect(Self.run([(3000, 1)], until: 5000, startHigh: false) == ["released@3005"])
    #expect(
      Self.run([(3000, 1), (3100, 0), (3200, 1)], until: 5000, startHigh: false) == [
        "released@3005", "pressed@3105", "released@3205", "short-press@3205",
      ])
  }

  @Test func aRepeatedLevelIsANoOp() {
    #expect(
      Self.run([(100, 0), (102, 0), (104, 0), (180, 1), (183, 1)], until: 2000) == [
        "pressed@105", "released@185", "short-press@185",
      ])
  }

  @Test func activeHighPressesHigh() {
    let settings = SwitchSettings(activeLow: false)
    #expect(
      Self.run([(10, 1), (50, 0)], until: 100, settings: settings, startHigh: false) == [
        "pressed@15", "released@55", "short-press@55",
      ])
  }
}
