/// Text from outside — a value, a path, a file's line — made safe to print on a terminal: the
/// one place nixie escapes what it echoes. Control characters and escape sequences are shown
/// as `\u{1B}` so nothing a user or a file sends can retitle the terminal, move the cursor or
/// hide the rest of a message; everything else, non-ASCII letters included, stays as it is.
public enum Printable {
  /// `text` with every control character (C0, DEL, C1) and the Unicode line and paragraph
  /// separators and bidirectional overrides written as `\u{…}`; backslashes are kept.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += "\\u{" + Hex.digits(scalar.value) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` must not reach a terminal as it is.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Line and paragraph separators, bidirectional embeddings, overrides and isolates.
    case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
