/// Text from outside — a value, a path, a file's line — made safe to print on a terminal: the
/// one place nixie escapes what it echoes. Control characters and escape sequences are shown
/// as `\u{1B}` so nothing a user or a file sends can retitle the terminal, move the cursor or
/// hide the rest of a message; everything else, non-ASCII letters included, stays as it is.
public enum Printable {
  /// `text` with every control character (C0, DEL, C1) and the Unicode line and paragraph
  /// separators and bidirectional overrides written as `\u{…}`; backslashes are kept.
  public static func escaped<Text: StringProtocol>(_ text: Text) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return String(text) }
    var result = ""
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        result += escaped(scalar)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` must not reach a terminal as it is.
  public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Line and paragraph separators, bidirectional embeddings, overrides and isolates, and
    // the byte order mark (an invisible character).
    case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
    default: false
    }
  }

  /// `\u{1B}`: how a message spells one character that must not be printed raw.
  public static func escaped(_ scalar: Unicode.Scalar) -> String { "\\u{" + Hex.digits(scalar.value) + "}" }

  /// `text` escaped and, when longer than `limit` characters, cut with an ellipsis: a name (a
  /// topic, a path) in the middle of a message, where quotation marks would be in the way.
  public static func shortened<Text: StringProtocol>(_ text: Text, limit: Int = quoteLimit) -> String {
    let (shown, cut) = escapedPrefix(text, limit: limit)
    return cut ? shown + "…" : shown
  }

  /// `text` escaped, cut before the character whose escaped form would pass `limit`
  /// characters (at least one character is kept), and whether it was cut. The limit counts what
  /// is printed: 64 NULs are 384 characters once escaped, so they are cut as 384 letters are.
  static func escapedPrefix<Text: StringProtocol>(_ text: Text, limit: Int) -> (String, cut: Bool) {
    let limit = Swift.max(limit, 1)
    guard text.unicodeScalars.count > limit || text.unicodeScalars.contains(where: needsEscape) else {
      return (String(text), false)
    }
    var result = ""
    var length = 0
    for character in text {
      let shown = escaped(String(character))
      length += shown.count
      if length > limit && !result.isEmpty { return (result, true) }
      result += shown
    }
    return (result, false)
  }

  /// The most characters of a value a message quotes.
  public static let quoteLimit = 80

  /// `text` as a message quotes a value: in single quotes, escaped, and at most `limit`
  /// characters of it as printed (an escaped control character counts its `\u{…}`) — a longer value is cut with an ellipsis and its full length noted
  /// (`'aaaa…' (1048576 characters)`), so a huge value in a file is not repeated in full on
  /// every reload. The one home of that rule: every message quoting a configuration value
  /// goes through here.
  /// `mark` is the quotation mark (`"` where a message quotes a value to show, as `nixie show`'s
  /// messages always have).
  public static func quoted<Text: StringProtocol>(
    _ text: Text, limit: Int = quoteLimit, mark: Character = "'"
  )
    -> String
  {
    let mark = String(mark)
    let (shown, cut) = escapedPrefix(text, limit: limit)
    guard cut else { return mark + shown + mark }
    return mark + shown + "…\(mark) (\(text.count) characters)"
  }
}
