/// The scalars: plain text, quoted text with its escapes, and `|` and `>` blocks, each with
/// YAML's folding of line breaks.
extension YAMLScanner {
  // MARK: - Plain

  /// Unquoted text, possibly over several lines: each line break folds into a space, each
  /// empty line into a line break. It ends at `: `, ` #`, a less indented line, and in flow
  /// context at `,` `[` `]` `{` `}` `?`.
  mutating func scanPlain() throws(YAMLError) -> YAMLToken {
    let start = mark()
    var end = start
    var text: [UInt8] = []
    var folded: [UInt8] = []
    let minimumColumn = indent + 1
    while byte() != .hash {
      var length = 0
      while !endsPlainChunk(at: length) { length += 1 }
      if length == 0 { break }
      allowSimpleKey = false
      text += folded
      text += bytes[index..<index + length]
      advance(length)
      end = mark()
      guard let spaces = try scanPlainSpaces() else { break }
      folded = spaces
      if byte() == .hash || (flowLevel == 0 && column < minimumColumn) { break }
    }
    return YAMLToken(kind: .scalar(YAMLScalar(String(decoding: text, as: UTF8.self))), start: start, end: end)
  }

  private func endsPlainChunk(at offset: Int) -> Bool {
    let next = byte(offset)
    if Self.isBlankOrBreakOrEnd(next) { return true }
    if next == .colon {
      let after = byte(offset + 1)
      return Self.isBlankOrBreakOrEnd(after) || (flowLevel > 0 && Self.isFlowIndicator(after))
    }
    return flowLevel > 0 && (next == .question || Self.isFlowIndicator(next))
  }

  private static func isFlowIndicator(_ byte: UInt8) -> Bool {
    switch byte {
    case .comma, .leftBracket, .rightBracket, .leftBrace, .rightBrace: return true
    default: return false
    }
  }

  /// The whitespace after a piece of plain text as it folds into the text if more follows;
  /// nil if the text ends here (no whitespace, or a document marker on the next line).
  private mutating func scanPlainSpaces() throws(YAMLError) -> [UInt8]? {
    let whitespaceStart = index
    while Self.isBlank(byte()) { advance() }
    guard consumeLineBreak() else {
      return index > whitespaceStart ? Array(bytes[whitespaceStart..<index]) : nil
    }
    allowSimpleKey = true
    if atDocumentMarker() { return nil }
    var breaks = 0
    while true {
      while byte() == .space { advance() }
      // A tab indenting the next line ends the text; the next token reports it.
      if atTabInIndentation() { return nil }
      try skipWhitespace()
      guard consumeLineBreak() else { break }
      breaks += 1
      if atDocumentMarker() { return nil }
    }
    return breaks == 0 ? [.space] : Array(repeating: .lineFeed, count: breaks)
  }

  // MARK: - Quoted

  /// `'text'` (where `''` is an apostrophe) or `"text"` (with backslash escapes). Line breaks
  /// fold as in plain text; the spaces around them are dropped.
  mutating func scanQuoted() throws(YAMLError) -> YAMLToken {
    let quote = byte()
    let double = quote == .quote
    let start = mark()
    advance()
    var text: [UInt8] = []
    while true {
      try scanQuotedText(double: double, into: &text, opening: start)
      if byte() == quote { break }
      try scanQuotedSpaces(into: &text, opening: start, quote: quote)
    }
    advance()
    let style: YAMLScalar.Style = double ? .doubleQuoted : .singleQuoted
    return YAMLToken(
      kind: .scalar(YAMLScalar(String(decoding: text, as: UTF8.self), style: style)), start: start,
      end: mark())
  }

  /// Text up to whitespace, a line break or the closing quote.
  private mutating func scanQuotedText(double: Bool, into text: inout [UInt8], opening: YAMLMark)
    throws(YAMLError)
  {
    while true {
      var length = 0
      while true {
        let next = byte(length)
        if next == .apostrophe || next == .quote || next == .backslash || Self.isBlankOrBreakOrEnd(next) {
          break
        }
        length += 1
      }
      text += bytes[index..<index + length]
      advance(length)
      let next = byte()
      if !double && next == .apostrophe && byte(1) == .apostrophe {
        text.append(.apostrophe)
        advance(2)
      } else if (double && next == .apostrophe) || (!double && (next == .quote || next == .backslash)) {
        text.append(next)
        advance()
      } else if double && next == .backslash {
        advance()
        try scanEscape(into: &text, opening: opening)
      } else {
        return
      }
    }
  }

  /// What follows a backslash in double quotes.
  private mutating func scanEscape(into text: inout [UInt8], opening: YAMLMark) throws(YAMLError) {
    let code = byte()
    if index >= bytes.count { throw unterminated(opening, quote: .quote) }
    if let replacement = Self.escapes[code] {
      text += String(replacement).utf8
      advance()
    } else if let digits = Self.hexDigitCounts[code] {
      advance()
      var value: UInt32 = 0
      for offset in 0..<digits {
        guard let digit = Self.hexValue(byte(offset)) else {
          throw YAMLError(
            "'\\\(Character(Unicode.Scalar(code)))' takes \(digits) hexadecimal digits", at: mark())
        }
        value = value << 4 | digit
      }
      guard let scalar = Unicode.Scalar(value) else {
        throw YAMLError(
          "'\\\(Character(Unicode.Scalar(code)))' names \(YAMLText.escaped(value)), which is not a character",
          at: mark())
      }
      text += String(scalar).utf8
      advance(digits)
    } else if consumeLineBreak() {
      // An escaped line break joins the lines without a space.
      text += Array(repeating: .lineFeed, count: try scanQuotedBreaks())
    } else {
      throw YAMLError(
        "unknown escape '\\\(characterHere())' (known: \\0 \\a \\b \\t \\n \\v \\f \\r \\e \\\" "
          + "\\/ \\\\ \\N \\_ \\L \\P \\xNN \\uNNNN \\UNNNNNNNN)", at: mark())
    }
  }

  /// The escapes that stand for one character.
  private static let escapes: [UInt8: Unicode.Scalar] = [
    UInt8(ascii: "0"): "\u{0}", UInt8(ascii: "a"): "\u{7}", UInt8(ascii: "b"): "\u{8}",
    UInt8(ascii: "t"): "\t", .tab: "\t", UInt8(ascii: "n"): "\n", UInt8(ascii: "v"): "\u{B}",
    UInt8(ascii: "f"): "\u{C}", UInt8(ascii: "r"): "\r", UInt8(ascii: "e"): "\u{1B}", .space: " ",
    .quote: "\"", .backslash: "\\", UInt8(ascii: "/"): "/", UInt8(ascii: "N"): "\u{85}",
    UInt8(ascii: "_"): "\u{A0}", UInt8(ascii: "L"): "\u{2028}", UInt8(ascii: "P"): "\u{2029}",
  ]

  /// `\x`, `\u` and `\U` and how many hexadecimal digits each takes.
  private static let hexDigitCounts: [UInt8: Int] = [
    UInt8(ascii: "x"): 2, UInt8(ascii: "u"): 4, UInt8(ascii: "U"): 8,
  ]

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// Whitespace inside quotes: kept within a line, folded across lines.
  private mutating func scanQuotedSpaces(into text: inout [UInt8], opening: YAMLMark, quote: UInt8)
    throws(YAMLError)
  {
    let whitespaceStart = index
    while Self.isBlank(byte()) { advance() }
    if index >= bytes.count { throw unterminated(opening, quote: quote) }
    guard consumeLineBreak() else {
      text += bytes[whitespaceStart..<index]
      return
    }
    let breaks = try scanQuotedBreaks()
    text += breaks == 0 ? [.space] : Array(repeating: .lineFeed, count: breaks)
  }

  /// The empty lines after a line break inside quotes, and the next line's indentation.
  private mutating func scanQuotedBreaks() throws(YAMLError) -> Int {
    var breaks = 0
    while true {
      if atDocumentMarker() {
        throw YAMLError(
          "a document marker ('---' or '...') inside quoted text: is a closing quote missing?", at: mark())
      }
      while Self.isBlank(byte()) { advance() }
      guard consumeLineBreak() else { return breaks }
      breaks += 1
    }
  }

  private func unterminated(_ opening: YAMLMark, quote: UInt8) -> YAMLError {
    let symbol = quote == .quote ? "\"" : "'"
    return YAMLError("the quoted text that starts here has no closing \(symbol)", at: opening)
  }

  // MARK: - Blocks

  /// A `|` (literal) or `>` (folded) block: the lines indented below the indicator. The
  /// header may set the indentation (`|2`) and the chomping of final line breaks: `-` strips
  /// them, `+` keeps them all, and by default one is kept.
  mutating func scanBlockScalar(folded: Bool) throws(YAMLError) -> YAMLToken {
    let start = mark()
    advance()
    var chomping: Chomping?
    var increment: Int?
    while true {
      let next = byte()
      if chomping == nil && (next == .plus || next == .dash) {
        chomping = next == .plus ? .keep : .strip
      } else if increment == nil && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) {
        guard next != UInt8(ascii: "0") else {
          throw YAMLError("a block's indentation indicator is 1 to 9, not 0", at: mark())
        }
        increment = Int(next - UInt8(ascii: "0"))
      } else {
        break
      }
      advance()
    }
    if Self.isBlank(byte()) {
      while Self.isBlank(byte()) { advance() }
      if byte() == .hash {
        while !Self.isBreak(byte()) && index < bytes.count { advance() }
      }
    }
    guard consumeLineBreak() || index >= bytes.count else {
      throw YAMLError(
        "expected the end of the line or ' #' and a comment after '\(folded ? ">" : "|")' and its indicators "
          + "(- + 1…9), found "
          + "'\(characterHere())'", at: mark())
    }

    let minimumIndent = max(indent + 1, 1)
    let blockIndent: Int
    var breaks: Int
    if let increment {
      blockIndent = minimumIndent + increment - 1
      breaks = skipBlockBreaks(indent: blockIndent)
    } else {
      var deepest = 0
      (breaks, deepest) = skipLeadingEmptyLines()
      blockIndent = max(minimumIndent, deepest)
    }

    var text: [UInt8] = []
    var endedWithBreak = false
    while column == blockIndent && index < bytes.count {
      text += Array(repeating: .lineFeed, count: breaks)
      let startsWithSpace = Self.isBlank(byte())
      var length = 0
      while !Self.isBreak(byte(length)) && index + length < bytes.count { length += 1 }
      text += bytes[index..<index + length]
      advance(length)
      endedWithBreak = consumeLineBreak()
      breaks = skipBlockBreaks(indent: blockIndent)
      guard column == blockIndent && index < bytes.count else { break }
      if folded && !startsWithSpace && !Self.isBlank(byte()) {
        if breaks == 0 { text.append(.space) }
      } else {
        text.append(.lineFeed)
      }
    }
    switch chomping ?? .clip {
    case .strip: break
    case .clip: if endedWithBreak { text.append(.lineFeed) }
    case .keep:
      if endedWithBreak { text.append(.lineFeed) }
      text += Array(repeating: .lineFeed, count: breaks)
    }
    let style: YAMLScalar.Style = folded ? .folded : .literal
    return YAMLToken(
      kind: .scalar(YAMLScalar(String(decoding: text, as: UTF8.self), style: style)), start: start,
      end: mark())
  }

  /// What happens to a block's final line breaks.
  private enum Chomping {
    case strip, clip, keep
  }

  /// Empty lines before a block's first line, and the deepest indentation among them and the
  /// first line (which sets the block's indentation).
  private mutating func skipLeadingEmptyLines() -> (breaks: Int, deepest: Int) {
    var breaks = 0
    var deepest = 0
    while true {
      if byte() == .space {
        advance()
        deepest = max(deepest, column)
      } else if consumeLineBreak() {
        breaks += 1
      } else {
        return (breaks, deepest)
      }
    }
  }

  /// Empty lines inside a block, up to the indentation of the next line.
  private mutating func skipBlockBreaks(indent blockIndent: Int) -> Int {
    var breaks = 0
    while true {
      while column < blockIndent && byte() == .space { advance() }
      guard consumeLineBreak() else { return breaks }
      breaks += 1
    }
  }
}
