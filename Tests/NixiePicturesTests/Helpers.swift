import NixieBoardModel
import NixieBoards

/// Text collected in memory, as a `TextOutputStream`.
final class TextBuffer: TextOutputStream {
  var text = ""
  func write(_ string: String) { text += string }
}

/// The built-in boards the pictures are drawn for.
enum Boards {
  static func reference() throws -> BoardProfile { try BoardCatalog.load(.builtIn("hv5622-6xin14")) }
}
