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

  /// The board and backend as given on the command line.
  var choice: BoardChoice { BoardChoice(board: board, backend: backend) }

  /// The files to record into.
  var recording: SessionRecording { SessionRecording(trace: trace, framesLog: framesLog) }

  /// The board, backend and recording as given, the backend made by the host's factory.
  var setup: BoardSetup { BoardSetup(choice: choice, backends: HostBackends(), recording: recording) }
}
