import NixieCore
import NixieSystem

/// `nixie show`: a value formatted for the board and put on the tubes with a transition,
/// optionally kept lit for a while and then blanked. SIGINT or SIGTERM during the transition or
/// the hold blanks the tubes and ends it as cancelled.
public struct ShowJob {
  public var choice: BoardChoice
  public var recording: SessionRecording
  public var value: String
  /// Shown first, then changed to `value` with the transition (`--from`).
  public var from: String?
  public var options: FormatOptions
  public var transition: TransitionSpec
  /// 0…1: PWM, so below 1 it needs `hold`.
  public var brightness: Double
  /// Keep the value lit this long after the transition, then blank (nanoseconds).
  public var hold: UInt64?
  /// Where to print the resolved display state as JSON (`--json`), if anywhere.
  public var json: FileStream?
  /// Where notes for the user go (standard error).
  public var notice: (String) -> Void

  public init(
    choice: BoardChoice, recording: SessionRecording, value: String, from: String?, options: FormatOptions,
    transition: TransitionSpec, brightness: Double, hold: UInt64?, json: FileStream?,
    notice: @escaping (String) -> Void
  ) {
    self.choice = choice
    self.recording = recording
    self.value = value
    self.from = from
    self.options = options
    self.transition = transition
    self.brightness = brightness
    self.hold = hold
    self.json = json
    self.notice = notice
  }

  public func run() throws(NixieError) {
    let board = try choice.loadProfile()
    let state = try Self.format(value, on: board, options: options)
    let start = try from.map { value throws(NixieError) in
      try Self.format(value, on: board, options: options, option: "--from: ")
    }
    if let json {
      json.write(board.layout.json(of: state, board: board.name) + "\n")
      json.flush()
    }
    let (backend, note) = try choice.resolveBackend()
    if let note { notice(note) }
    // Before the session starts its frame thread, so the thread inherits the blocked mask.
    let signals: SignalDescriptor
    do {
      signals = try SignalDescriptor(signals: [.interrupt, .terminate])
    } catch {
      throw NixieError(.internalError, "\(error)")
    }
    defer { signals.restoreMask() }
    let session = try DisplaySession(
      board: board, backend: backend, recording: recording,
      view: backend == .sim && Terminal.standardOutputIsTerminal)
    do {
      session.setBrightness(brightness)
      if let start { try session.show(start) }
      let end = session.show(state, transition: transition)
      try Self.wait(until: end, session, signals)
      try session.waitUntilSettled()
      if let hold {
        try Self.wait(until: session.clock.now() + hold, session, signals)
        try session.blank()
      }
    } catch {
      session.finish()
      throw error
    }
    try session.finishChecked()
  }

  private static func format(
    _ value: String, on board: BoardProfile, options: FormatOptions, option: String = ""
  )
    throws(NixieError) -> DisplayState
  {
    do {
      return try board.formatter.format(value, options: options)
    } catch {
      throw NixieError(.badUsage, option + error.description)
    }
  }

  /// Waits until `deadline`; SIGINT or SIGTERM instead blanks the tubes and ends the job.
  private static func wait(until deadline: UInt64, _ session: DisplaySession, _ signals: SignalDescriptor)
    throws(NixieError)
  {
    let received: Signal?
    do {
      received = try signals.wait(until: deadline, clock: session.clock)
    } catch {
      throw NixieError(.internalError, "\(error)")
    }
    guard let signal = received else { return }
    try session.blank()
    throw NixieError(.cancelled, "\(signal.name): the tubes are blanked")
  }
}
