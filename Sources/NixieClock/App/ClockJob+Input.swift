import NixieClockSettings
import NixieCore
import NixieRuntime
import NixieTransports

extension ClockJob {
  /// The reader of the knob (boards with an encoder) or of the buttons (boards with buttons and
  /// no encoder), posting the knob's commands, their lines opened on the session's backend
  /// (libgpiod edge events, or the `--input` script on the simulator); not started yet; nil
  /// when there is nothing to read.
  func openKnob(
    session: DisplaySession, configuration: ClockConfiguration, brightness: Double, inbox: ClockInbox
  ) throws(NixieError) -> KnobReader? {
    let board = session.board
    let lines: LineInput
    let knob: ClockKnob
    do {
      if board.encoder != nil {
        let encoder = try KnobInput.encoder(of: board, for: "the clock's knob")
        let read = try openInput(warning: "the knob cannot be read; the clock runs without it") {
          () throws(NixieError) in
          try KnobInput.open(encoder.wiring, settings: encoder.settings, on: session)
        }
        guard let input = read else { return nil }
        lines = input.lines
        knob = try ClockKnob(
          settings: configuration.knob, encoder: input.settings, switchActiveLow: input.encoder.activeLow,
          levels: lines.levels, at: lines.origin, brightness: brightness)
      } else {
        let buttons = board.buttons
        guard !buttons.isEmpty else { return nil }
        let read = try openInput(warning: "the buttons cannot be read; the clock runs without them") {
          () throws(NixieError) in
          try ButtonInput.open(buttons, on: session)
        }
        guard let input = read else { return nil }
        lines = input.lines
        knob = try ClockKnob(
          settings: configuration.knob, encoder: nil, buttons: buttons, levels: lines.levels,
          at: lines.origin,
          brightness: brightness)
      }
    } catch let error as NixieError {
      throw error
    } catch {
      throw NixieError(.internalError, "the knob's brightness levels: \(error)")
    }
    return KnobReader(
      source: lines.source, knob: knob, clock: session.clock, inbox: inbox, logger: logger,
      interrupt: lines.cancel, onExit: lines.retire)
  }

  /// The presence line's reader, when the board (with nixie.yaml's `presence`) has a line and
  /// the backend can read it; not started yet. A line that comes with the board but cannot be
  /// had is said as a warning, and the tubes then stay lit.
  func openPresence(session: DisplaySession, inbox: ClockInbox) throws(NixieError) -> PresenceReader? {
    guard let wiring = session.board.presence else { return nil }
    let opened = try openInput(warning: "the presence line cannot be read; the tubes stay lit") {
      () throws(NixieError) in try session.openPresence(wiring)
    }
    guard let lines = opened else { return nil }
    return PresenceReader(lines: lines, activeHigh: wiring.activeHigh, inbox: inbox, logger: logger)
  }

  /// What a knob or buttons read from, `open`ed; nil when there is nothing to read them from.
  /// A script the user gave (`--input`) must play; lines that come with the board are read if
  /// they can be, else `warning` is logged and the clock runs without them — but a mistake in
  /// the configuration (a line the chip does not have) stops the clock like any other.
  private func openInput<Input>(warning: String, open: () throws(NixieError) -> Input?) throws(NixieError)
    -> Input?
  {
    guard options.input == nil else { return try open() }
    do {
      return try open()
    } catch let error where error.kind == .badConfiguration {
      throw error
    } catch {
      logger.warning("\(warning): \(error)")
      return nil
    }
  }
}
