import NixieCore

/// Where line events come from: the seam between the input logic and a transport.
///
/// Two sources plug in here: the simulator's scripted knob, which drives the simulated
/// gpiochip, and the libgpiod adapter for real lines (requested for both edges, read without
/// polling, per-line queues merged with `LineEventMerger`). The consumer reads the start-up
/// levels once, then alternates `next(until:)` with feeding what it returns to a
/// `KnobSelection` and advancing that to the clock's present.
public protocol LineEventSource: AnyObject {
  /// The physical levels of the input lines now (set = high), read once at start-up to seed
  /// the decoder and the switch.
  func readLevels() throws -> LineSet

  /// Waits until line events have arrived or the clock has reached `deadline` (monotonic ns;
  /// nil: no deadline) and returns the events in timestamp order — empty when the deadline
  /// came first. Returns nil when no event can ever come again (a script that ran out); a
  /// hardware source never does.
  func next(until deadline: UInt64?) throws -> [LineEvent]?
}
