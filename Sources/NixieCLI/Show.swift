import ArgumentParser
import NixieCore
import NixieRuntime

extension FormatOptions.Padding: ExpressibleByArgument {}

/// How the display changes to a new value.
enum TransitionName: String, ExpressibleByArgument, CaseIterable {
  /// The new value appears at once.
  case none
}

/// `nixie show VALUE`: format a value and put it on the tubes.
struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show a value on the tubes.",
    discussion: """
      Numbers are right-aligned, other text left-aligned. ':' '.' and "'" light the separator \
      between two tubes (or a '.' the decimal point of a tube). By default a value the board \
      cannot show is an error (exit 2) that says what it can show; --lenient blanks instead.
      Without --hold, the value stays on the tubes' latches after nixie exits.
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

  @Option(help: "How the display changes to the value: none.")
  var transition: TransitionName = .none

  @Option(
    help: ArgumentHelp("Keep the value lit for SECONDS, then blank the tubes and exit.", valueName: "seconds")
  )
  var hold: Double?

  func validate() throws {
    if let decimals, decimals < 0 || decimals > 20 {
      throw ValidationError("--decimals must be between 0 and 20, not \(decimals)")
    }
    if let hold, !(hold >= 0 && hold <= 31_536_000) {
      throw ValidationError("--hold must be a number of seconds from 0 to 31536000")
    }
  }

  func run() throws {
    let board = try hardware.loadBoard()
    let state: DisplayState
    do {
      state = try board.formatter.format(
        value.value, options: FormatOptions(decimals: decimals, padding: pad, lenient: lenient))
    } catch {
      throw CommandFailure(.badUsage, error.description)
    }
    if json {
      let stdout = FileStream.standardOutput
      stdout.write(board.layout.json(of: state, board: board.name) + "\n")
      stdout.flush()
    }
    let backend = hardware.resolvedBackend
    let session = try DisplaySession(
      board: board, backend: backend, options: hardware,
      view: backend == .sim && Terminal.standardOutputIsTerminal)
    try session.show(state)
    if let hold {
      session.clock.sleep(until: session.clock.now() + UInt64(hold * 1e9))
      try session.blank()
    }
    session.finish()
  }
}
