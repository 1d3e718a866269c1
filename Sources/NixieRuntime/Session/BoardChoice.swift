import NixieBoardModel
import NixieBoards
import NixieCore
import NixieSystem
import NixieText

/// The board a command drives and the backend it drives it on, as the user chose them
/// (`--board`, `--backend`, `--input`, a configuration file's `board:` and `backend:`), and
/// the one rule that turns the choice into a board profile and a backend:
///
/// - Hardware is only ever driven for a board the user chose. Without one, the default board
///   runs on the simulator — on a Raspberry Pi too, with a notice that says how to choose —
///   and `--backend hardware` is refused.
/// - An input script (`--input`) is played on the simulator, as a write time for it
///   (`--sim-write-time`) is the simulator's: each implies the simulator, and is
///   refused with `--backend hardware`.
/// - With a chosen board the backend is the one asked for, else the hardware when the machine
///   has a GPIO chip, else the simulator.
///
/// The rule decides which backend (`resolveBackend`); the command line's `BackendFactory`
/// (`HostBackends`, the one place that knows the backends by name) makes the `BoardBackend`
/// every command brings its board up on (`DisplaySession`).
public struct BoardChoice: Sendable {
  /// A built-in profile's name or a profile file; nil when the user chose none.
  public var board: String?
  /// The backend asked for; nil to let the rule decide.
  public var backend: Backend?
  /// An input script's path (`--input`; `-` is standard input), for the simulator's knob.
  public var input: String?
  /// How long the simulator takes to write a frame, in nanoseconds (`--sim-write-time`).
  public var simWriteTime: UInt64?
  /// How many times as fast the displayed clock runs (`nixie clock --speed`).
  public var speed: Int?
  /// Where `board` came from: an option, or a place in a file.
  public enum Origin: Hashable, Sendable {
    /// A command-line option, e.g. `--board`: a bad name is bad usage.
    case option(String)
    /// `file:line:column` of a configuration's `board:`: a bad name is bad configuration.
    case file(place: String)
  }

  /// Where `board` came from, for messages.
  public var origin: Origin

  /// How to choose a board, for messages: `--board NAME`.
  public var howToChoose: String

  public init(
    board: String? = nil, backend: Backend? = nil, input: String? = nil, simWriteTime: UInt64? = nil,
    speed: Int? = nil, origin: Origin = .option("--board"), howToChoose: String = "--board NAME"
  ) {
    self.simWriteTime = simWriteTime
    self.speed = speed
    self.board = board
    self.backend = backend
    self.input = input
    self.origin = origin
    self.howToChoose = howToChoose
  }

  /// The profile's name or file: the chosen one, else the default board.
  public var boardName: String { board ?? BoardCatalog.defaultName }

  /// The board profile, or the failure: a name that is neither a built-in board nor a file is
  /// bad usage from an option and bad configuration (at its file:line:column) from a file, and
  /// says which board was likely meant; a profile with a mistake is bad configuration.
  public func loadProfile() throws(NixieError) -> BoardProfile {
    guard let source = BoardCatalog.source(of: boardName) else {
      let names = BoardCatalog.builtIn.map(\.name)
      let guess = Suggestion.closest(to: boardName, in: names).map { "did you mean \($0)? " } ?? ""
      let problem =
        "no built-in board of that name and no such file (\(guess)built-in: \(names.joined(separator: ", ")))"
      switch origin {
      case .option(let option):
        throw NixieError(.badUsage, "\(option) \(Printable.escaped(boardName)): \(problem)")
      case .file(let place):
        throw NixieError(.badConfiguration, "\(place): board '\(Printable.escaped(boardName))': \(problem)")
      }
    }
    do {
      return try BoardCatalog.load(source)
    } catch {
      throw NixieError(.badConfiguration, error.description)
    }
  }

  /// The backend by the rule above, and a notice for the user when the simulator runs on a
  /// machine with GPIO because no board was chosen; `--backend hardware` without a chosen
  /// board, or with an input script, is bad usage.
  public func resolveBackend(machineHasGPIO: Bool = Self.machineHasGPIO) throws(NixieError)
    -> (backend: Backend, notice: String?)
  {
    guard board == nil else {
      if let refusal = inputRefusal { throw NixieError(.badUsage, refusal) }
      if let backend { return (backend, nil) }
      return (machineHasGPIO && !asksForSimulator ? .hardware : .sim, nil)
    }
    switch backend {
    case .hardware?:
      try requireChosenBoard(for: "--backend hardware")
      return (.hardware, nil)
    case .sim?:
      return (.sim, nil)
    case nil:
      let notice =
        machineHasGPIO && !asksForSimulator
        ? "no board chosen, so no GPIO line is touched: this runs on the simulator. Choose your board"
          + " with \(howToChoose) ('nixie boards' lists them)"
        : nil
      return (.sim, notice)
    }
  }

  /// Why an option only the simulator has cannot be taken on the backend asked for (the
  /// hardware); nil when it can, or when none was given.
  public var inputRefusal: String? {
    guard backend == .hardware, let option = simulatorOptions.first else { return nil }
    return "\(option.name) \(option.does): use it with --backend sim"
  }

  /// Whether an option only the simulator has was given (`--input`, `--sim-write-time`,
  /// `--speed`).
  public var asksForSimulator: Bool { !simulatorOptions.isEmpty }

  /// The options given that only the simulator has, with what each does.
  private var simulatorOptions: [(name: String, does: String)] {
    let options: [(given: Bool, name: String, does: String)] = [
      (input != nil, "--input", "plays a script on the simulator"),
      (simWriteTime != nil, "--sim-write-time", "slows the simulator's writes"),
      (speed != nil, "--speed", "runs the simulator's clock fast (real hardware keeps real time)"),
    ]
    return options.filter(\.given).map { ($0.name, $0.does) }
  }

  /// Refuses `what`, something that drives hardware, when no board was chosen (the rule
  /// above): bad usage that says how to choose.
  public func requireChosenBoard(for what: String) throws(NixieError) {
    guard board == nil else { return }
    throw NixieError(
      .badUsage,
      "\(what) drives the board you choose, and none is chosen: give \(howToChoose)"
        + " ('nixie boards' lists them)")
  }

  /// Whether any `/dev/gpiochipN` exists.
  public static var machineHasGPIO: Bool {
    !Directory.devices(prefix: "gpiochip").isEmpty
  }
}
