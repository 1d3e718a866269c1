import NixieCore
import NixieInput
import NixieLinux
import NixieSystem

/// Input lines made ready to read, the part a knob (`KnobInput`) and a board's buttons
/// (`ButtonInput`) share: a source of line events — libgpiod edge events on hardware, an
/// input script played on the simulated gpiochip — the lines' levels when reading began, and
/// how to end the reading.
public struct LineInput {
  public let source: LineEventSource
  /// The physical levels of the lines at `origin`.
  public let levels: LineSet
  /// When reading began, on the session's clock (a script's time 0).
  public let origin: UInt64
  /// Ends a wait of the source's from another thread (a clean shutdown).
  public let cancel: () -> Void
  /// The thread that read the source is done with it.
  public let retire: () -> Void

  /// Real lines: `request` asks libgpiod for them (edge events); their levels are read at
  /// once and reading begins now on `clock`. A line that cannot be had is unavailable.
  static func hardware(clock: MonotonicClock, _ request: () throws -> GPIOKnobSource) throws(NixieError)
    -> LineInput
  {
    let source: GPIOKnobSource
    let levels: LineSet
    do {
      source = try request()
      levels = try source.readLevels()
    } catch {
      throw NixieError(.unavailable, "\(error)")
    }
    return LineInput(
      source: source, levels: levels, origin: clock.now(), cancel: { [source] in source.cancel() },
      retire: {})
  }

  /// A script that `knob` plays on the simulated gpiochip from `origin`.
  static func scripted(_ knob: ScriptedKnob, origin: UInt64) -> LineInput {
    LineInput(
      source: knob, levels: knob.readLevels(), origin: origin, cancel: { [knob] in knob.cancel() },
      retire: { [knob] in knob.retire() })
  }
}
