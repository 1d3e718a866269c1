import NixieBoardModel
import NixieInput
import NixieTransports
import Testing

@testable import NixieLinux

/// The knob's libgpiod source hands the input logic ordered level events and makes good the
/// edges a full kernel queue dropped.
struct GPIOKnobSourceTests {
  static let encoder = EncoderWiring(chip: "gpiochip0", a: 17, b: 27, pushSwitch: 22)

  static func knob(clock: FixedClock = FixedClock(5_000)) throws -> (GPIOKnobSource, FakeEventRequest) {
    let chip = FakeGPIOChip()
    let source = try GPIOEdgeEventSource(
      chip: chip, lines: GPIOEdgeEventSource.lines(of: encoder), consumer: "nixie", clock: clock)
    let lines = try #require(chip.events)
    lines.levels = [true, true, true]
    return (GPIOKnobSource(source: source, encoder: encoder, clock: clock), lines)
  }

  @Test func aBoardsButtonsAreRequestedPulledUpAndReportedByTheirRoles() throws {
    let chip = FakeGPIOChip()
    let buttons = [
      ButtonWiring(role: .mode, chip: "gpiochip0", line: 24),
      ButtonWiring(role: .up, chip: "gpiochip0", line: 18),
      ButtonWiring(role: .down, chip: "gpiochip0", line: 23),
    ]
    let source = try GPIOKnobSource(buttons: buttons, chip: chip, consumer: "nixie", clock: FixedClock(5_000))
    #expect(chip.inputRequests.first?.map(\.offset) == [24, 18, 23])
    #expect(chip.inputRequests.first?.allSatisfy { $0.pullUp && $0.debounce == 5_000_000 } == true)
    let lines = try #require(chip.events)
    lines.levels = [true, true, true]
    #expect(try source.readLevels() == LineSet([LineRole.mode, .up, .down]))
    lines.queue(GPIOEdgeEvent(offset: 18, rising: false, timestampNanoseconds: 300))
    lines.queue(GPIOEdgeEvent(offset: 24, rising: false, timestampNanoseconds: 100))
    lines.levels = [false, false, true]
    #expect(
      try source.next(until: nil) == [
        LineEvent(.mode, high: false, at: 100), LineEvent(.up, high: false, at: 300),
      ])
  }

  @Test func edgesBecomeLevelEventsOfTheirRolesInTimeOrder() throws {
    let (knob, lines) = try Self.knob()
    #expect(try knob.readLevels() == [.a, .b, .sw])
    lines.queue(GPIOEdgeEvent(offset: 27, rising: false, timestampNanoseconds: 200))
    lines.queue(GPIOEdgeEvent(offset: 17, rising: false, timestampNanoseconds: 100))
    lines.levels = [false, false, true]
    let events = try #require(try knob.next(until: nil))
    #expect(events == [LineEvent(.a, high: false, at: 100), LineEvent(.b, high: false, at: 200)])
  }

  @Test func aLevelTheQueueLostIsReportedAtItsRealValue() throws {
    let (knob, lines) = try Self.knob()
    _ = try knob.readLevels()
    // A closed and opened again, but only the closing edge survived the overflow: the read
    // that brought it took a whole queue (libgpiod 1.6's 16 events).
    lines.queue(GPIOEdgeEvent(offset: 17, rising: false, timestampNanoseconds: 100, fromFullQueue: true))
    lines.levels = [true, true, true]
    let events = try #require(try knob.next(until: nil))
    #expect(events == [LineEvent(.a, high: false, at: 100), LineEvent(.a, high: true, at: 5_000)])
  }

  @Test func unnumberedEdgesFromAShortReadAreTrustedOverALevelReadRacingThem() throws {
    let (knob, lines) = try Self.knob()
    var decoder = QuadratureDecoder(levels: try knob.readLevels())
    // libgpiod 1.6, a reader lagging a turn (a loaded machine): A's closing edge is read;
    // by the time the levels could be read B has closed and A opened, their edges still on
    // their way. A read of fewer than 16 events lost nothing, so no stand-ins are made up (in
    // the order of the roles they would walk the detent backwards and lose it).
    lines.queue(GPIOEdgeEvent(offset: 17, rising: false, timestampNanoseconds: 10))
    lines.levels = [true, false, true]
    var events = try #require(try knob.next(until: nil))
    #expect(events == [LineEvent(.a, high: false, at: 10)])
    for (time, offset, rising) in [(20, 27, false), (30, 17, true), (40, 27, true)] {
      lines.queue(GPIOEdgeEvent(offset: UInt32(offset), rising: rising, timestampNanoseconds: UInt64(time)))
    }
    lines.levels = [true, true, true]
    events += try #require(try knob.next(until: nil))
    #expect(events.compactMap { decoder.feed($0) }.map(\.direction) == [.clockwise])
  }

  @Test func numberedEdgesWithNoGapAreTrustedOverALevelReadRacingThem() throws {
    let (knob, lines) = try Self.knob()
    _ = try knob.readLevels()
    // libgpiod 2.x: A closed (its first event) and has opened again since, but that edge is
    // still on its way to the queue. Nothing was lost, so no stand-in event is made up.
    lines.queue(GPIOEdgeEvent(offset: 17, rising: false, timestampNanoseconds: 100, lineSequence: 1))
    lines.levels = [true, true, true]
    #expect(try knob.next(until: nil) == [LineEvent(.a, high: false, at: 100)])
    lines.queue(GPIOEdgeEvent(offset: 17, rising: true, timestampNanoseconds: 150, lineSequence: 2))
    #expect(try knob.next(until: nil) == [LineEvent(.a, high: true, at: 150)])
  }

  @Test func aGapInALinesNumbersResynchronisesFromTheLevels() throws {
    let (knob, lines) = try Self.knob()
    _ = try knob.readLevels()
    // Event 1 of A (it closed) was lost; event 2 says it opened, but it reads closed again.
    lines.queue(GPIOEdgeEvent(offset: 17, rising: true, timestampNanoseconds: 100, lineSequence: 2))
    lines.levels = [false, true, true]
    #expect(
      try knob.next(until: nil) == [
        LineEvent(.a, high: true, at: 100), LineEvent(.a, high: false, at: 5_000),
      ])
  }

  @Test func aTimeoutReturnsNoEventsAndNeverNil() throws {
    let (knob, _) = try Self.knob(clock: FixedClock(1_000_000))
    _ = try knob.readLevels()
    #expect(try knob.next(until: 1_000_000) == [])
  }

  @Test func aDecoderFedThroughTheSourceCountsADetent() throws {
    let (knob, lines) = try Self.knob()
    var decoder = QuadratureDecoder(levels: try knob.readLevels())
    // One detent clockwise on an active-low board: A closes, B closes, A opens, B opens.
    for (time, offset, rising) in [(10, 17, false), (20, 27, false), (30, 17, true), (40, 27, true)] {
      lines.queue(GPIOEdgeEvent(offset: UInt32(offset), rising: rising, timestampNanoseconds: UInt64(time)))
    }
    let events = try #require(try knob.next(until: nil))
    #expect(events.compactMap { decoder.feed($0) }.map(\.direction) == [.clockwise])
  }
}
