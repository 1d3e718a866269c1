import NixieBoardModel
import NixieCore
import NixieDisplay
import NixiePictures
import NixieSystem
import NixieText
import NixieTransitions

/// `nixie show`: a value formatted for the board and put on the tubes with a transition,
/// optionally kept lit for a while and then blanked. SIGINT or SIGTERM during the transition or
/// the hold blanks the tubes and ends it as cancelled.
public struct ShowJob {
  /// The board, what makes its backend, what is recorded.
  public var setup: BoardSetup
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
  /// `--svg FILE`: draw the value as the tubes would show it (`TubeSVG`) into FILE (`-`:
  /// standard output) instead of showing it; no board is touched.
  public var svg: String?
  /// `--backlight`: the light under the tubes (a colour or off; boards with one).
  public var backlight: BacklightSetting?

  /// The signals `show` handles itself: SIGINT or SIGTERM blanks the tubes and ends it as
  /// cancelled. The command line blocks them from its first instruction, so one that comes
  /// before the session is up waits for it.
  public static let signals: [Signal] = [.interrupt, .terminate]

  public init(
    setup: BoardSetup, value: String,
    from: String?, options: FormatOptions,
    transition: TransitionSpec, brightness: Double, hold: UInt64?, json: FileStream?,
    notice: @escaping (String) -> Void, svg: String? = nil, backlight: BacklightSetting? = nil
  ) {
    self.svg = svg
    self.backlight = backlight
    self.setup = setup
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
    let board = try setup.choice.loadProfile()
    let state = try Self.format(value, on: board, options: options)
    let start = try from.map { value throws(NixieError) in
      try Self.format(value, on: board, options: options, option: "--from: ")
    }
    if let json {
      json.write(board.layout.json(of: state, board: board.name) + "\n")
      json.flush()
    }
    let light = backlight.map { BacklightProgram($0, cyclePeriod: 1).color(at: 0) }
    if let svg {
      try Self.write(
        TubeSVG(layout: board.layout).document(state: state, brightness: brightness, backlight: light),
        to: svg)
      return
    }
    if backlight != nil { try Self.checkBacklight(of: board, held: hold != nil) }
    let (backend, note) = try setup.backend()
    if let note { notice(note) }
    // Before the session starts its frame thread, so the thread inherits the blocked mask.
    let signals = try SignalDescriptor.blocking(Self.signals)
    defer { signals.restoreMask() }
    let session = try DisplaySession(
      board: board, backend: backend, recording: setup.recording, view: Terminal.standardOutputIsTerminal)
    do {
      session.setBrightness(brightness)
      if let light { try session.setBacklight(BacklightProgram(.steady(light))) }
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

  /// `--backlight` needs a board with a backlight nixie drives, and on one lit by software
  /// PWM, `--hold`: the light goes out when nixie exits.
  private static func checkBacklight(of board: BoardProfile, held: Bool) throws(NixieError) {
    switch board.backlight {
    case .module?: return
    case .pwmRGB?:
      guard held else {
        throw NixieError(
          .badUsage,
          "--backlight on \(board.name) needs --hold: its backlight is software PWM, which stops when nixie exits"
        )
      }
    case .addressable(let chain)?:
      throw NixieError(.badUsage, "--backlight: \(board.name)'s backlight is not driven: \(chain.reason)")
    case nil:
      throw NixieError(.badUsage, "--backlight: \(board.name) has no backlight")
    }
  }

  private static func format(
    _ value: String, on board: BoardProfile, options: FormatOptions, option: String = ""
  )
    throws(NixieError) -> DisplayState
  {
    do {
      return try board.formatter.format(value, options: options)
    } catch {
      var message = option + error.description
      let roundable = options.decimals == nil && ValueFormatter.isFractionalNumber(value)
      switch error.reason {
      case .tooLong, .separatorWithoutPlace:
        if roundable { message += " (round it to fit with --decimals N)" }
      default: break
      }
      throw NixieError(.badUsage, message)
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

  /// Writes `text` to `path` atomically, or to standard output for `-`.
  static func write(_ text: String, to path: String) throws(NixieError) {
    if path == "-" {
      FileStream.standardOutput.write(text)
      FileStream.standardOutput.flush()
      return
    }
    do {
      try AtomicFile.write(Array(text.utf8), to: path)
    } catch {
      throw NixieError(.badUsage, "--svg \(Printable.escaped(path)): \(error)")
    }
  }
}
