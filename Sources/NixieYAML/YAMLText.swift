import NixieText

/// The checks a YAML text passes before it is scanned, and the spelling of characters a reader
/// cannot see. nixie's files are UTF-8 without control characters (tab and line breaks
/// aside); everything else is refused at its line and column, named, never echoed.
public enum YAMLText {
  /// `text` with every control character, line or paragraph separator and byte order mark
  /// written as `\u{1B}`, so that a message quoting it cannot move a terminal's cursor.
  public static func visible<Text: StringProtocol>(_ text: Text) -> String { Printable.escaped(text) }

  /// `\u{1B}`: how messages spell a character that must not be printed raw.
  static func escaped(_ value: UInt32) -> String {
    Unicode.Scalar(value).map(Printable.escaped) ?? "\\u{" + Hex.digits(value) + "}"
  }

  /// Characters that are never allowed in the text, with why (tab, line feed and carriage
  /// return are allowed; other C0 and C1 controls are in `control`).
  private static let refused: [UInt32: String] = [
    0x2028: "a line separator (end lines with a plain line break)",
    0x2029: "a paragraph separator (end lines with a plain line break)",
    0xFEFF: "a byte order mark, which may only open the text",
    0xFFFE: "not a character",
    0xFFFF: "not a character",
  ]

  /// The UTF-8 byte order mark, skipped at the start of a text.
  static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  /// `bytes` without a leading byte order mark, after checking that they are UTF-8 and hold
  /// no character nixie's files refuse.
  static func checked(_ bytes: [UInt8]) throws(YAMLError) -> [UInt8] {
    let text = bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(3)) : bytes
    var index = 0
    var line = 1
    var lineStart = 0
    func fail(_ message: String) -> YAMLError {
      let column = YAMLText.characterCount(text, from: lineStart, to: index) + 1
      return YAMLError(message, at: YAMLMark(line: line, column: column))
    }
    while index < text.count {
      let byte = text[index]
      if byte < 0x80 {
        switch byte {
        case 0x0A:
          line += 1
          lineStart = index + 1
        case 0x0D where index + 1 >= text.count || text[index + 1] != 0x0A:
          line += 1
          lineStart = index + 1
        case 0x09, 0x0D, 0x20..<0x7F: break
        default: throw fail("control character \(escaped(UInt32(byte))) is not allowed in the text")
        }
        index += 1
        continue
      }
      guard let (value, length) = decode(text, at: index) else {
        throw fail(
          "the text is not UTF-8 (byte \(hex(text[index])) cannot start or continue a character here)")
      }
      if (0x80...0x9F).contains(value) {
        throw fail("control character \(escaped(value)) is not allowed in the text")
      }
      if let why = refused[value] {
        throw fail("\(escaped(value)) is \(why)")
      }
      index += length
    }
    return text
  }

  /// `text` with the tabs that start a line holding nothing else (nothing, or a comment) read
  /// as spaces. YAML allows them there and nixie always read them, but libyaml refuses a tab
  /// where it expects a line's indentation. Such a line is never text of a `|` or `>` block,
  /// whose lines start with a space; one character for one, every place stays where it was.
  static func blankLineTabsAsSpaces(_ text: [UInt8]) -> [UInt8] {
    var text = text
    var lineStart = 0
    while lineStart < text.count {
      var end = lineStart
      while end < text.count && (text[end] == 0x09 || (end > lineStart && text[end] == 0x20)) { end += 1 }
      if end > lineStart && (end == text.count || [0x0A, 0x0D, UInt8(ascii: "#")].contains(text[end])) {
        for index in lineStart..<end where text[index] == 0x09 { text[index] = 0x20 }
      }
      while end < text.count && text[end] != 0x0A && text[end] != 0x0D { end += 1 }
      lineStart = end + 1
    }
    return text
  }

  /// The scalar value and byte length of the well-formed UTF-8 sequence at `index` (Unicode
  /// Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), or nil.
  private static func decode(_ bytes: [UInt8], at index: Int) -> (UInt32, Int)? {
    let lead = bytes[index]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      second = 0x80...0x9F
    case 0xF0:
      length = 4
      second = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      second = 0x80...0x8F
    default: return nil
    }
    guard bytes.count - index >= length else { return nil }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard (offset == 1 ? second : 0x80...0xBF).contains(byte) else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return (value, length)
  }

  /// The characters (grapheme clusters, as an editor counts them) in `bytes[from..<to]`.
  static func characterCount(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
    guard start < end else { return 0 }
    let slice = bytes[start..<end]
    if slice.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return slice.count }
    return String(decoding: slice, as: UTF8.self).count
  }

  /// The characters in `bytes[from..<to]` (UTF-8 already checked), and where the last of
  /// them starts.
  static func characters(_ bytes: [UInt8], from start: Int, to end: Int) -> (count: Int, lastStart: Int) {
    guard start < end else { return (0, start) }
    let slice = bytes[start..<end]
    if slice.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return (slice.count, end - 1) }
    let text = String(decoding: slice, as: UTF8.self)
    guard let last = text.indices.last else { return (0, start) }
    return (text.count, start + text.utf8.distance(from: text.startIndex, to: last))
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
  }
}
