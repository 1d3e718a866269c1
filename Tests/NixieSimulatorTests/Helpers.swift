import NixieBoardModel
import NixieBoards
import NixieDrivers
import NixieSimulator

/// Collects the frames a chip model publishes.
final class FrameRecorder: FrameObserver {
  var frames: [LatchedFrame] = []
  func frameShown(_ frame: LatchedFrame) { frames.append(frame) }
}

/// Text collected in memory, as a `TextOutputStream`.
final class TextBuffer: TextOutputStream {
  var text = ""
  func write(_ string: String) { text += string }
}

enum Boards {
  static func reference() throws -> BoardProfile { try BoardCatalog.load(.builtIn("hv5622-6xin14")) }
  static func named(_ name: String) throws -> BoardProfile { try BoardCatalog.load(.builtIn(name)) }
}
