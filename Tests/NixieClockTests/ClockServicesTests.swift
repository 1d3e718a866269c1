import NixieCore
import Testing

@testable import NixieClock

/// The clock's services are started in the order handed over and stopped in the reverse
/// order, once each — the one that failed to start too — and a failure to start is the
/// clock's error, named.
struct ClockServicesTests {
  /// What the services did, in order.
  final class Journal {
    var entries: [String] = []
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String { "no more threads" }
  }

  struct Recorded: ClockService {
    let name: String
    let journal: Journal
    var failure: (any Error)?

    func start() throws {
      journal.entries.append("start \(name)")
      if let failure { throw failure }
    }

    func stop() { journal.entries.append("stop \(name)") }
  }

  @Test func theyStopInTheReverseOrderOfTheirStart() throws {
    let journal = Journal()
    let services = ClockServices()
    for name in ["claim", "board", "control"] {
      try services.start(Recorded(name: name, journal: journal))
    }
    let absent: Recorded? = nil
    #expect(try services.start(absent) == nil)
    services.stopAll()
    services.stopAll()
    #expect(
      journal.entries == [
        "start claim", "start board", "start control", "stop control", "stop board", "stop claim",
      ])
  }

  @Test func aServiceThatCannotStartIsNamedAndStoppedWithTheOthers() {
    let journal = Journal()
    let services = ClockServices()
    #expect {
      try services.start(Recorded(name: "the board", journal: journal))
      try services.start(Recorded(name: "the knob's thread", journal: journal, failure: Failure()))
      try services.start(Recorded(name: "the light sensor's thread", journal: journal))
    } throws: { error in
      let error = error as? NixieError
      return error?.kind == .internalError && error?.message == "the knob's thread: no more threads"
    }
    services.stopAll()
    #expect(
      journal.entries == [
        "start the board", "start the knob's thread", "stop the knob's thread", "stop the board",
      ])
  }

  @Test func theClocksOwnErrorsPassAsTheyAre() {
    let services = ClockServices()
    let held = NixieError(.unavailable, "another nixie clock is running on the control socket")
    #expect {
      try services.start(Recorded(name: "the control socket", journal: Journal(), failure: held))
    } throws: { error in
      (error as? NixieError) == held
    }
  }
}
