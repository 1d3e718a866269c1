import NixieBoardModel
import NixieDisplay
import NixieDrivers
import NixieSystem
import NixieText

/// The `--frames-log` file: one JSON object per frame that reached the tubes (docs/INTERFACE.md);
/// its `RecordingFile` flushes each line.
final class FramesLog: FrameObserver {
  private let file: FileStream
  private let layout: DisplayLayout
  private let board: String
  private let displayedTime: (UInt64) -> Int64

  /// `displayedTime` maps a monotonic timestamp to the displayed clock's time in Unix
  /// nanoseconds (the wall clock, or the simulated time of `--at`).
  init(file: FileStream, board: BoardProfile, displayedTime: @escaping (UInt64) -> Int64) {
    self.file = file
    self.layout = board.layout
    self.board = board.name
    self.displayedTime = displayedTime
  }

  func frameShown(_ frame: LatchedFrame) {
    let extra = [
      ("t", JSONText.quoted(RFC3339.string(fromUnixNanoseconds: displayedTime(frame.time)))),
      ("mono_ns", String(frame.time)),
      ("outputs", JSONText.array(frame.outputs.onOutputs)),
    ]
    file.write(layout.json(of: frame.state, board: board, extra: extra) + "\n")
  }
}
