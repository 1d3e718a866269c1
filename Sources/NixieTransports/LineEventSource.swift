import NixieBoardModel

/// Where line events come from: the seam between the input logic and a transport.
///
/// Two sources plug in here: the simulator's scripted knob (`nixie select --input`), which
/// drives the simulated gpiochip's lines, and the libgpiod adapter for real lines. The
/// consumer reads the start-up levels once, then alternates `next(until:)` with feeding what
/// it returns to a `KnobSelection` and advancing that to the clock's present.
///
/// What the libgpiod (v1.6) adapter must do:
/// 1. Request the encoder's `a`, `b` and (if wired) `sw` lines as inputs for both-edge events,
///    with pull-up bias when the wiring asks for it; `readLevels()` returns their values read
///    after the request (physical levels, set = high).
/// 2. `next(until:)` waits on the lines' event file descriptors with `ppoll` — no polling
///    loop — with a timeout of `deadline − now` on CLOCK_MONOTONIC (no timeout when nil).
/// 3. When woken, take `t = now` first, then drain every line's queue (not only the ready
///    ones) with `gpiod_line_event_read_multiple`, turning rising edges into `high: true`,
///    falling into `high: false`, and the event timestamp (CLOCK_MONOTONIC) into ns, and hand
///    each line's batch to a `LineEventMerger` with `completeUpTo: t`.
/// 4. A read that returned a full queue (16 events) may have lost the newest ones: append the
///    line's current value (`gpiod_line_get_value`) as one more event stamped `t`, so a stale
///    level cannot outlive the overflow (the decoder then resynchronises at the next rest).
/// 5. Return `merger.release()`: events in timestamp order, possibly empty. Never return nil.
/// Errors are the transport's typed errors (errno and what to do), thrown from here.
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
