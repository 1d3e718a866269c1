import NixieBoardModel
import NixieInput
import Testing

@testable import NixieLinux

/// Edge events wait in poll(2) on the lines' descriptors, come back merged in timestamp order,
/// and a deadline or a cancel ends the wait.
struct GPIOEdgeEventSourceTests {
  static func source(clock: FixedClock = FixedClock(), pullUp: Bool = true) throws -> (
    GPIOEdgeEventSource, FakeEventRequest
  ) {
    let chip = FakeGPIOChip()
    let source = try GPIOEdgeEventSource(
      chip: chip, lines: [17, 27, 22].map { GPIOInputLine(offset: $0, pullUp: pullUp) }, consumer: "nixie",
      clock: clock)
    return (source, try #require(chip.events))
  }

  @Test func queuedEdgesOfAllLinesComeBackOldestFirst() throws {
    let (source, lines) = try Self.source()
    lines.queue(GPIOEdgeEvent(offset: 27, rising: false, timestampNanoseconds: 300))
    lines.queue(GPIOEdgeEvent(offset: 17, rising: false, timestampNanoseconds: 100))
    lines.queue(GPIOEdgeEvent(offset: 17, rising: true, timestampNanoseconds: 500))
    let events = try source.waitForEvents(until: nil)
    #expect(events.map(\.timestampNanoseconds) == [100, 300, 500])
    #expect(events.map(\.offset) == [17, 27, 17])
    #expect(events.map(\.rising) == [false, false, true])
  }

  @Test func aPassedDeadlineReturnsNoEvents() throws {
    let clock = FixedClock(1_000_000)
    let (source, _) = try Self.source(clock: clock)
    #expect(try source.waitForEvents(until: 1_000_000).isEmpty)
    #expect(try source.waitForEvents(until: 0).isEmpty)
  }

  @Test func cancelEndsEveryWait() throws {
    let (source, _) = try Self.source()
    source.cancel()
    #expect(source.isCancelled)
    #expect(try source.waitForEvents(until: nil).isEmpty)
  }

  @Test func cancelFromAnotherThreadWakesAWaitWithNoDeadline() async throws {
    let (source, _) = try Self.source()
    let waiter = Task.detached { try source.waitForEvents(until: nil) }
    source.cancel()
    #expect(try await waiter.value.isEmpty)
  }

  @Test func levelsAreReportedByOffsetAndBiasAsTaken() throws {
    let (source, lines) = try Self.source()
    lines.levels = [true, false, true]
    #expect(try source.levels() == [17: true, 27: false, 22: true])
    #expect(source.biasApplied)
    let (plain, _) = try Self.source(pullUp: false)
    #expect(!plain.biasApplied)
  }

  @Test func theEncodersPushSwitchAloneAsksTheKernelForDebounce() throws {
    let chip = FakeGPIOChip()
    let encoder = EncoderWiring(chip: "gpiochip0", a: 17, b: 27, pushSwitch: 22)
    let source = try GPIOEdgeEventSource(
      chip: chip, lines: GPIOEdgeEventSource.lines(of: encoder), consumer: "nixie", clock: FixedClock())
    #expect(chip.inputRequests.count == 1)
    let lines = try #require(chip.inputRequests.first)
    #expect(lines.map(\.offset) == [17, 27, 22])
    #expect(lines.map(\.pullUp) == [true, true, true])
    #expect(lines.map(\.debounce) == [0, 0, SwitchSettings().debounce])
    #expect(source.debounceApplied)
  }

  @Test func anEncoderWithoutASwitchAsksForNoDebounce() throws {
    let encoder = EncoderWiring(chip: "gpiochip0", a: 5, b: 6, pushSwitch: nil, pullUp: false)
    let lines = GPIOEdgeEventSource.lines(of: encoder)
    #expect(lines == [GPIOInputLine(offset: 5, pullUp: false), GPIOInputLine(offset: 6, pullUp: false)])
  }

  @Test(
    arguments: [(0, 0), (1, 1), (999, 1), (1_000, 1), (1_500, 2), (5_000_000, 5_000)] as [(UInt64, UInt)])
  func theKernelsDebounceInMicrosecondsIsNeverShorterThanAsked(nanoseconds: UInt64, microseconds: UInt) {
    #expect(
      GPIOInputLine(offset: 0, pullUp: true, debounce: nanoseconds).debounceMicroseconds == microseconds)
  }

  @Test func aBusyInputNamesItsHolder() throws {
    let chip = FakeGPIOChip()
    chip.held = [17: "rotary-encoder"]
    #expect {
      _ = try GPIOEdgeEventSource(
        chip: chip,
        lines: [GPIOInputLine(offset: 17, pullUp: true), GPIOInputLine(offset: 27, pullUp: true)],
        consumer: "nixie", clock: FixedClock())
    } throws: { error in
      (error as? HardwareError)?.detail == "line 17 held by \"rotary-encoder\""
    }
  }
}
