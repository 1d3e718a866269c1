import ArgumentParser
import NixieRuntime

extension Backend: ExpressibleByArgument {}

/// The options every command that touches a board takes (docs/INTERFACE.md): which board, on
/// which backend, and what to record.
struct HardwareOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A built-in board profile (see 'nixie boards') or a profile file.", valueName: "name|path"))
  var board: String?

  @Option(
    help: ArgumentHelp(
      "sim or hardware (default: hardware when a board is chosen and a /dev/gpiochip* exists, else sim).",
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

  @Option(
    name: .customLong("sim-write-time"),
    help: ArgumentHelp(
      "The simulator takes this long to write each frame, as a slow board does (0 to 100ms: 400us, 1.5ms).",
      valueName: "time"), transform: WriteTimeArgument.nanoseconds)
  var simWriteTime: UInt64?

  /// The board and backend as given on the command line.
  var choice: BoardChoice {
    BoardChoice(board: board, backend: backend, simWriteTime: simWriteTime)
  }

  func validate() throws {
    if let refusal = choice.inputRefusal { throw ValidationError(refusal) }
  }

  /// The files to record into.
  var recording: SessionRecording { SessionRecording(trace: trace, framesLog: framesLog) }

  /// The board, backend and recording as given, the backend made by the host's factory.
  var setup: BoardSetup { BoardSetup(choice: choice, backends: HostBackends(), recording: recording) }
}
