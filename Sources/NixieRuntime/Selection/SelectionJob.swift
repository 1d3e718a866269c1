import NixieCore
import NixieInput
import NixieSystem
import NixieTransports

/// `nixie select`: the rotary-knob selector, start to end. The tubes show the selected value,
/// the knob turns through the values, a short press chooses one, a long press or the timeout
/// cancels. The knob is read on the backend the board is brought up on: through libgpiod on
/// hardware, an input script playing it on the simulator.
public struct SelectionJob {
  /// The board, what makes its backend, what is recorded; a knob script for the simulator is
  /// the choice's `input` (`--input`; `-` is standard input).
  public var setup: BoardSetup
  /// The values, where the knob starts, what it skips, whether it wraps.
  public var spinner: Spinner<String>
  /// Cancel after this long without a turn or a press (nanoseconds).
  public var timeout: UInt64?
  /// Where `--events` lines go, if anywhere.
  public var events: FileStream?
  /// Where notes for the user go (standard error).
  public var notice: (String) -> Void

  public init(
    setup: BoardSetup, spinner: Spinner<String>, timeout: UInt64?, events: FileStream?,
    notice: @escaping (String) -> Void
  ) {
    self.setup = setup
    self.spinner = spinner
    self.timeout = timeout
    self.events = events
    self.notice = notice
  }

  /// Runs the selection and returns the chosen value (it stays latched on the tubes), or
  /// throws: cancelled (by a long press, the timeout or a script that ended without a press),
  /// or what kept it from running.
  public func run() throws(NixieError) -> String {
    let board = try setup.choice.loadProfile()
    let encoder = try KnobInput.encoder(of: board, for: "nixie select", needsSwitch: true)
    let (backend, note) = try setup.backend()
    if let note { notice(note) }
    if let missing = backend.missingInput {
      throw NixieError(.badUsage, missing + " (see 'nixie select --help')")
    }
    let time = CommandClock(on: backend)
    let session = try DisplaySession(
      board: board, backend: backend, recording: setup.recording, view: time.watched,
      clock: time.clock
    )
    let opened: KnobInput?
    do {
      opened = try KnobInput.open(encoder.wiring, settings: encoder.settings, on: session)
    } catch {
      session.finish()
      throw error
    }
    guard let knob = opened else {
      session.finish()
      throw NixieError(
        .internalError, "\(board.name): the backend opened no knob, though it needs nothing more")
    }
    return try select(with: knob, session: session)
  }

  /// Shows the selection, reads `knob` until it ends, and finishes the session.
  private func select(with knob: KnobInput, session: DisplaySession) throws(NixieError) -> String {
    let display = SelectionDisplay(session: session, values: spinner.values)
    if let reason = display.unshowable?.reason {
      notice("the tubes show each value's position (1–\(spinner.values.count)): \(reason)")
    }
    let outcome: SpinnerEvent
    do {
      try display.show(index: spinner.selectedIndex)
      outcome = try Self.run(
        KnobSelection(
          spinner: spinner, encoder: knob.settings,
          pushSwitch: SwitchSettings(activeLow: knob.encoder.activeLow),
          levels: knob.lines.levels, at: knob.lines.origin, timeout: timeout),
        source: knob.lines.source, clock: session.clock, display: display,
        log: events.map { SelectionEventLog(values: spinner.values, origin: knob.lines.origin, stream: $0) })
    } catch let error as NixieError {
      session.finish()
      throw error
    } catch {
      session.finish()
      throw NixieError(.unavailable, "\(error)")
    }
    switch outcome {
    case .confirmed(let index, _):
      try session.finishChecked()
      return spinner.values[index]
    case .cancelled(let reason, _):
      try? display.blank()
      session.finish()
      throw NixieError(.cancelled, Self.reason(reason, timeout: timeout))
    case .changed:
      session.finish()
      throw NixieError(.internalError, "the selection ended without an outcome")
    }
  }

  /// Why a selection was cancelled, in words.
  static func reason(_ reason: SpinnerEvent.CancelReason, timeout: UInt64?) -> String {
    switch reason {
    case .longPress: "cancelled by a long press"
    case .timeout: "cancelled: no turn or press for --timeout \(seconds(timeout ?? 0)) s"
    case .inputEnded: "cancelled: the input script ended without a press"
    }
  }

  /// `5` for 5 s, `0.5` for half a second.
  static func seconds(_ nanoseconds: UInt64) -> String {
    nanoseconds % 1_000_000_000 == 0
      ? String(nanoseconds / 1_000_000_000) : String(Double(nanoseconds) / 1e9)
  }

  /// Runs the selection on `source` until it ends: the loop every input source shares.
  public static func run(
    _ start: KnobSelection<String>, source: LineEventSource, clock: MonotonicClock, display: SelectionDisplay,
    log: SelectionEventLog?
  ) throws -> SpinnerEvent {
    var selection = start
    var happened: [SpinnerEvent] = []
    while selection.outcome == nil {
      if let batch = try source.next(until: selection.nextDeadline) {
        for event in batch { happened += selection.feed(event) }
        happened += selection.advance(to: clock.now())
      } else {
        happened += selection.endOfInput(at: clock.now())
      }
      for event in happened {
        log?.write(event)
        if case .changed(let index, _, _) = event { try display.show(index: index) }
      }
      happened.removeAll()
    }
    return selection.outcome ?? .cancelled(reason: .inputEnded, time: clock.now())
  }
}
