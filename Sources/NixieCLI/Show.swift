import ArgumentParser
import Glibc
import NixieCore
import NixieRuntime
import NixieSystem

extension FormatOptions.Padding: ExpressibleByArgument {}

/// `nixie show VALUE`: format a value and put it on the tubes.
struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show a value on the tubes.",
    discussion: """
      Numbers are right-aligned, other text left-aligned. ':' '.' and "'" light the separator \
      between two tubes (or a '.' the decimal point of a tube). By default a value the board \
      cannot show is an error (exit 2) that says what it can show; --lenient blanks instead.
      The value comes in with the transition (a 500 ms perceptual cross-fade by default; \
      positions that do not change are left alone); --from VALUE shows VALUE first.
      Without --hold, nixie waits for the transition to end and exits: the value stays on \
      the tubes' latches. Ctrl-C or SIGTERM blanks the tubes and exits 1.
      """)

  @OptionGroup var value: ValueArgument
  @OptionGroup var hardware: HardwareOptions

  @Flag(help: "Print the resolved display state as JSON on standard output.")
  var json = false

  @Flag(help: "Show a dark tube for what the board cannot show and drop separators with no place.")
  var lenient = false

  @Option(help: ArgumentHelp("Round a number to N decimal places (half away from zero).", valueName: "n"))
  var decimals: Int?

  @Option(help: "What fills the tubes left of a number: blank or zero.")
  var pad: FormatOptions.Padding = .blank

  @OptionGroup var transition: TransitionOptions

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Show this value first, then change to the value with the transition.", valueName: "value"))
  var from: String?

  @Option(
    help: ArgumentHelp(
      "Keep the value lit for SECONDS after the transition, then blank the tubes and exit.",
      valueName: "seconds")
  )
  var hold: Double?

  func validate() throws {
    if let decimals, decimals < 0 || decimals > 20 {
      throw ValidationError("--decimals must be between 0 and 20, not \(decimals)")
    }
    if let hold, !(hold >= 0 && hold <= 31_536_000) {
      throw ValidationError("--hold must be a number of seconds from 0 to 31536000")
    }
    if transition.brightnessPercent < 100 && hold == nil {
      throw ValidationError(
        "--brightness below 100 needs --hold: dimming is PWM, which stops when nixie exits, and the"
          + " latches would keep the value at full brightness")
    }
  }

  func run() throws {
    let board = try hardware.loadBoard()
    let options = FormatOptions(decimals: decimals, padding: pad, lenient: lenient)
    let state = try Self.format(value.value, on: board, options: options)
    let start = try from.map { try Self.format($0, on: board, options: options, option: "--from: ") }
    if json {
      let stdout = FileStream.standardOutput
      stdout.write(board.layout.json(of: state, board: board.name) + "\n")
      stdout.flush()
    }
    let backend = hardware.resolvedBackend
    // Before the session starts its frame thread, so the thread inherits the blocked mask.
    let signals: SignalDescriptor
    do {
      signals = try SignalDescriptor(signals: [SIGINT, SIGTERM])
    } catch {
      throw CommandFailure(.internalError, "\(error)")
    }
    defer { signals.restoreMask() }
    let session = try DisplaySession(
      board: board, backend: backend, options: hardware,
      view: backend == .sim && Terminal.standardOutputIsTerminal)
    defer { session.finish() }
    session.setBrightness(transition.brightnessPercent / 100)
    if let start { try session.show(start) }
    let end = session.show(state, transition: transition.spec)
    try Self.wait(until: end, session, signals)
    try session.waitUntilSettled()
    if let hold {
      try Self.wait(until: session.clock.now() + UInt64(hold * 1e9), session, signals)
      try session.blank()
    }
  }

  private static func format(
    _ value: String, on board: BoardProfile, options: FormatOptions, option: String = ""
  )
    throws(CommandFailure) -> DisplayState
  {
    do {
      return try board.formatter.format(value, options: options)
    } catch {
      throw CommandFailure(.badUsage, option + error.description)
    }
  }

  /// Waits until `deadline`; SIGINT or SIGTERM instead blanks the tubes and exits 1.
  private static func wait(until deadline: UInt64, _ session: DisplaySession, _ signals: SignalDescriptor)
    throws(CommandFailure)
  {
    let received: Int32?
    do {
      received = try signals.wait(until: deadline, clock: session.clock)
    } catch {
      throw CommandFailure(.internalError, "\(error)")
    }
    guard let signal = received else { return }
    try session.blank()
    throw CommandFailure(.cancelled, "\(SignalDescriptor.name(of: signal)): the tubes are blanked")
  }
}
