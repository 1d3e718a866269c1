/// Turns libyaml's places into nixie's: libyaml counts Unicode scalars from 0 (its index from
/// the start of the text), nixie's marks count lines and characters from 1, as an editor does
/// (`YAMLMark`). A cursor walks the text from place to place; libyaml's events come in the
/// order of the text, so the walk stays linear in its length. It also reads what lies between
/// two tokens, which libyaml's events do not tell.
struct YAMLPositions {
  let text: [UInt8]

  // Where the cursor is: in Unicode scalars and bytes, its line, and where that line starts.
  private var index = 0
  private var offset = 0
  private var line = 1
  private var lineStart = 0
  private var lineStartIndex = 0
  private var columns = ColumnCursor()

  init(_ text: [UInt8]) {
    self.text = text
  }

  /// The place of the Unicode scalar at `index`.
  mutating func mark(_ index: Int) -> YAMLMark {
    move(to: index)
    return here()
  }

  /// The byte offset of the Unicode scalar at `index`.
  mutating func offset(of index: Int) -> Int {
    move(to: index)
    return offset
  }

  /// The text from the Unicode scalar at `index` to the end of its line.
  mutating func restOfLine(from index: Int) -> String {
    move(to: index)
    var end = offset
    while end < text.count && text[end] != .lineFeed && text[end] != .carriageReturn { end += 1 }
    return String(decoding: text[offset..<end], as: UTF8.self)
  }

  /// The text of the line of the Unicode scalar at `index`, up to it.
  mutating func lineBefore(_ index: Int) -> String {
    move(to: index)
    return String(decoding: text[lineStart..<offset], as: UTF8.self)
  }

  /// The Unicode scalar at `index`; nil at the end of the text.
  mutating func character(at index: Int) -> Unicode.Scalar? {
    move(to: index)
    guard offset < text.count else { return nil }
    return String(decoding: text[offset..<min(text.count, offset + 4)], as: UTF8.self).unicodeScalars.first
  }

  /// What lies between two tokens, from `start` to `end`: spaces, line breaks, comments and
  /// indicators. Gives the place of a `?` (an explicit key) and the place just after the last
  /// `:` (where an absent value is placed, as PyYAML places it).
  mutating func gap(from start: Int, to end: Int) -> (question: YAMLMark?, afterColon: YAMLMark?) {
    move(to: start)
    var question: YAMLMark?
    var afterColon: YAMLMark?
    while index < end && offset < text.count {
      switch text[offset] {
      case .hash:
        while index < end && offset < text.count && text[offset] != .lineFeed
          && text[offset] != .carriageReturn
        {
          step()
        }
        continue
      case .question: question = question ?? here()
      case .colon:
        step()
        afterColon = here()
        continue
      default: break
      }
      step()
    }
    return (question, afterColon)
  }

  // MARK: - The cursor

  private mutating func here() -> YAMLMark {
    YAMLMark(line: line, column: columns.column(in: text, lineStart: lineStart, index: offset))
  }

  /// Moves to the Unicode scalar at `target` (or the end of the text): on along the text, back
  /// along the line, or from the start for a place on an earlier line (error messages only).
  private mutating func move(to target: Int) {
    if target < lineStartIndex { (index, offset, line, lineStart, lineStartIndex) = (0, 0, 1, 0, 0) }
    while index > target {
      offset -= 1
      while text[offset] & 0xC0 == 0x80 { offset -= 1 }
      index -= 1
    }
    while index < target && offset < text.count { step() }
  }

  /// Moves over one Unicode scalar; over a line break (LF, CR LF or CR) to the next line.
  private mutating func step() {
    let byte = text[offset]
    offset += byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
    index += 1
    if byte == .lineFeed || (byte == .carriageReturn && (offset >= text.count || text[offset] != .lineFeed)) {
      line += 1
      lineStart = offset
      lineStartIndex = index
    }
  }
}

/// Counts the characters before a place on a line, carrying on from the previous place asked
/// for on the same line, so that marking every token of a long line stays linear. It carries
/// on from the start of the last character it counted, not from the place: a character can
/// continue past it (a combining mark after a space), and would otherwise count twice.
private struct ColumnCursor {
  private var lineStart = 0
  /// How far the line has been counted.
  private var offset = 0
  /// Where the last character counted starts, and how many characters come before it.
  private var lastStart = 0
  private var before = 0

  mutating func column(in bytes: [UInt8], lineStart: Int, index: Int) -> Int {
    if lineStart != self.lineStart || index < offset {
      self.lineStart = lineStart
      offset = lineStart
      lastStart = lineStart
      before = 0
    }
    let counted = YAMLText.characters(bytes, from: lastStart, to: index)
    offset = index
    guard counted.count > 0 else { return before + 1 }
    let column = before + counted.count + 1
    before += counted.count - 1
    lastStart = counted.lastStart
    return column
  }
}

extension UInt8 {
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let hash = UInt8(ascii: "#")
  static let question = UInt8(ascii: "?")
  static let colon = UInt8(ascii: ":")
}
