import ArgumentParser
import NixieBoards
import NixieCore

/// Which backend drives the board.
enum Backend: String, ExpressibleByArgument, CaseIterable {
  /// The chips in software, drawn in the terminal.
  case sim
  /// The board's real transport (libgpiod, spidev or i2c-dev).
  case hardware
}

/// The options every command that touches a board takes (INTERFACE.md).
struct HardwareOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A built-in board profile (see 'nixie boards') or a profile file.", valueName: "name|path"))
  var board: String = BoardCatalog.defaultName

  @Option(
    help: ArgumentHelp(
      "sim or hardware (default: hardware when a /dev/gpiochip* exists, else sim).",
      valueName: "backend"))
  var backend: Backend?

  @Option(
    help: ArgumentHelp(
      "Record every line change as a Value Change Dump (GTKWave, PulseView, sigrok).",
      valueName: "file.vcd"))
  var trace: String?

  @Option(
    name: .customLong("frames-log"),
    help: ArgumentHelp("Write one JSON object per frame that reached the tubes.", valueName: "file.jsonl"))
  var framesLog: String?

  /// The board profile, or the exit code and message for a bad one.
  func loadBoard() throws(CommandFailure) -> BoardProfile { try Self.loadBoard(board) }

  /// The board profile `board` names (built-in name or file), or the exit code and message.
  static func loadBoard(_ board: String) throws(CommandFailure) -> BoardProfile {
    guard let source = BoardCatalog.source(of: board) else {
      let names = BoardCatalog.builtIn.map(\.name).joined(separator: ", ")
      throw CommandFailure(
        .badUsage, "--board \(board): no built-in board of that name and no such file (built-in: \(names))")
    }
    do {
      return try BoardCatalog.load(source)
    } catch {
      throw CommandFailure(.badConfiguration, error.description)
    }
  }

  /// The backend asked for, or the default for this machine.
  var resolvedBackend: Backend {
    backend ?? (GPIOChips.present ? .hardware : .sim)
  }
}
