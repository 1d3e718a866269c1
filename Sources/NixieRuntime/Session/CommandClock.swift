import NixieBackend
import NixieCore
import NixieSystem

/// The clock a one-shot command that plays something (`nixie select`'s script, `nixie buzz`'s
/// tune) goes by: virtual time where the backend has it (the simulator, where a script then
/// plays at once and a trace has every edge at its exact time), unless stdout is a terminal,
/// where someone is watching or listening and the run keeps real time. Real hardware always
/// keeps real time (`BoardBackend.clock(unpaced:)`). The one home of that rule.
struct CommandClock {
  /// The clock to run by.
  let clock: MonotonicClock
  /// Whether someone is at the terminal (the run is paced to the wall clock).
  let watched: Bool

  init(on backend: any BoardBackend, watched: Bool = Terminal.standardOutputIsTerminal) {
    self.watched = watched
    self.clock = backend.clock(unpaced: !watched)
  }
}
