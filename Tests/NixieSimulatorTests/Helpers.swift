import NixieBoards
import NixieCore
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

/// A small deterministic random generator (SplitMix64), so property tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
