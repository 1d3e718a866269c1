import NixieBoards
import NixieCore
import NixieSystem

/// The board a command drives and the backend it drives it on, as the user chose them
/// (`--board`, `--backend`, a configuration file's `board:` and `backend:`), and the one rule
/// that turns the choice into a board profile and a backend.
public struct BoardChoice: Sendable {
  /// A built-in profile's name or a profile file; nil when the user chose none.
  public var board: String?
  /// The backend asked for; nil to let the rule decide.
  public var backend: Backend?
  /// Where `board` came from, for messages: `--board`, or `board: in /etc/nixie/nixie.yaml`.
  public var origin: String

  public init(board: String? = nil, backend: Backend? = nil, origin: String = "--board") {
    self.board = board
    self.backend = backend
    self.origin = origin
  }

  /// The profile's name or file: the chosen one, else the default board.
  public var boardName: String { board ?? BoardCatalog.defaultName }

  /// The board profile, or the failure: bad usage for a name that is neither a built-in
  /// board nor a file, bad configuration (with file:line:column) for a profile with a mistake.
  public func loadProfile() throws(NixieError) -> BoardProfile {
    guard let source = BoardCatalog.source(of: boardName) else {
      let names = BoardCatalog.builtIn.map(\.name).joined(separator: ", ")
      throw NixieError(
        .badUsage,
        "\(origin) \(boardName): no built-in board of that name and no such file (built-in: \(names))")
    }
    do {
      return try BoardCatalog.load(source)
    } catch {
      throw NixieError(.badConfiguration, error.description)
    }
  }

  /// The backend: the one asked for; otherwise hardware on a machine with a GPIO chip
  /// (`/dev/gpiochip*`), else the simulator.
  public var resolvedBackend: Backend {
    backend ?? (Self.machineHasGPIO ? .hardware : .sim)
  }

  /// Whether any `/dev/gpiochipN` exists.
  static var machineHasGPIO: Bool {
    Directory.names(in: "/dev").contains { $0.hasPrefix("gpiochip") }
  }
}
