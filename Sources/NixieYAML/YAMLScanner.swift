/// Turns a checked YAML text into tokens, one at a time as the parser asks for them.
///
/// Indentation becomes explicit block starts and ends, and a key becomes a `key` token placed
/// before it once the scanner reaches its `:` — so that the parser never looks back. A key
/// may wait for its `:` at most one line and 1024 bytes, which keeps the queue of tokens
/// short and the whole scan linear in the length of the text. The scalars are read in
/// `YAMLScanner+Scalars.swift`.
struct YAMLScanner {
  let bytes: [UInt8]
  let maximumDepth: Int

  // Where the scanner is. `column` counts Unicode scalars from the start of the line, for
  // indentation; marks count characters, as an editor does.
  var index = 0
  var line = 1
  var column = 0
  var lineStart = 0
  private var columns = ColumnCursor()

  // Tokens scanned but not yet taken by the parser, and how many were taken.
  private var queue: [YAMLToken] = []
  private var head = 0
  private var tokensTaken = 0
  private var streamEnded = false
  /// The token number of a key found to have no `:`: its failure goes before it.
  private var keyWithoutColon: Int?

  // The context: flow collections open, block indentation levels, and whether a key may
  // start here.
  var flowLevel = 0
  var indent = -1
  private var indents: [Int] = []
  var allowSimpleKey = true
  /// The scalar or flow collection that would be a key if a `:` follows, per flow level.
  private var possibleKeys: [PossibleKey?] = [nil]
  /// The line where a key was given up for being too long, to say so at its `:`.
  private var longKeyLine = 0

  private struct PossibleKey {
    var tokenNumber: Int
    /// A block key at the mapping's own indentation must find its `:`.
    var required: Bool
    var index: Int
    var line: Int
    var column: Int
    var mark: YAMLMark
  }

  /// A key waits at most this many bytes for its `:`.
  private static let maximumKeyLength = 1024

  init(bytes: [UInt8], maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  // MARK: - The parser's side

  /// The next token, without taking it. A problem the scanner finds waits in the queue as a
  /// `failure` token until the parser reaches it, so that the parser reports the problems
  /// of the text in their order.
  mutating func peek() throws(YAMLError) -> YAMLToken {
    while true {
      do {
        guard try needsMoreTokens() else { break }
        try fetchNextToken()
      } catch {
        let failure = YAMLToken(kind: .failure(error), start: error.mark, end: error.mark)
        if let number = keyWithoutColon { insert(failure, number: number) } else { queue.append(failure) }
        streamEnded = true
      }
    }
    guard head < queue.count else {
      let end = mark()
      return YAMLToken(kind: .streamEnd, start: end, end: end)
    }
    if case .failure(let error) = queue[head].kind { throw error }
    return queue[head]
  }

  /// The next token, taken.
  mutating func next() throws(YAMLError) -> YAMLToken {
    let token = try peek()
    if head < queue.count {
      head += 1
      tokensTaken += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      } else if head > 256 {
        queue.removeFirst(head)
        head = 0
      }
    }
    return token
  }

  private mutating func needsMoreTokens() throws(YAMLError) -> Bool {
    if streamEnded { return false }
    if head == queue.count { return true }
    try dropStaleKeys()
    return possibleKeys.contains { $0?.tokenNumber == tokensTaken }
  }

  // MARK: - Reading the text

  /// The byte `offset` ahead, or 0 past the end (a NUL never passes `YAMLText.checked`).
  func byte(_ offset: Int = 0) -> UInt8 {
    let position = index + offset
    return position < bytes.count ? bytes[position] : 0
  }

  static func isBlank(_ byte: UInt8) -> Bool { byte == .space || byte == .tab }
  static func isBreak(_ byte: UInt8) -> Bool { byte == .lineFeed || byte == .carriageReturn }
  static func isBlankOrBreakOrEnd(_ byte: UInt8) -> Bool { byte == 0 || isBlank(byte) || isBreak(byte) }

  /// Moves over `count` bytes of one line.
  mutating func advance(_ count: Int = 1) {
    for _ in 0..<count {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
  }

  /// Moves over a line break (LF, CRLF or CR); false if there is none here.
  mutating func consumeLineBreak() -> Bool {
    switch byte() {
    case .carriageReturn: index += byte(1) == .lineFeed ? 2 : 1
    case .lineFeed: index += 1
    default: return false
    }
    line += 1
    column = 0
    lineStart = index
    return true
  }

  /// The place of the scanner, as an editor shows it.
  mutating func mark() -> YAMLMark {
    YAMLMark(line: line, column: columns.column(in: bytes, lineStart: lineStart, index: index))
  }

  /// The character here, for a message (invisible ones named).
  func characterHere() -> String {
    guard index < bytes.count else { return "" }
    var end = index + 1
    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
    return YAMLText.visible(String(decoding: bytes[index..<end], as: UTF8.self))
  }

  /// `---` or `...` alone at the start of a line.
  func atDocumentMarker() -> Bool {
    column == 0 && (byte() == .dash || byte() == .dot) && byte(1) == byte() && byte(2) == byte()
      && Self.isBlankOrBreakOrEnd(byte(3))
  }

  /// Skips spaces and tabs. A tab in the indentation of a line is refused in block context,
  /// where indentation decides the structure, unless the line holds nothing else.
  mutating func skipWhitespace() throws(YAMLError) {
    while byte() == .space { advance() }
    if atTabInIndentation() {
      throw YAMLError("a tab in the indentation: YAML indents with spaces only", at: mark())
    }
    while Self.isBlank(byte()) { advance() }
  }

  /// Whether a tab here indents a line that holds something, in block context.
  func atTabInIndentation() -> Bool {
    byte() == .tab && flowLevel == 0 && onlySpacesBeforeOnLine() && !restOfLineIsBlank()
  }

  private func onlySpacesBeforeOnLine() -> Bool {
    bytes[lineStart..<index].allSatisfy { $0 == .space }
  }

  private func restOfLineIsBlank() -> Bool {
    var offset = 0
    while Self.isBlank(byte(offset)) { offset += 1 }
    let next = byte(offset)
    return next == .hash || next == 0 || Self.isBreak(next)
  }

  // MARK: - Tokens

  private mutating func append(_ kind: YAMLToken.Kind, _ start: YAMLMark, _ end: YAMLMark) {
    queue.append(YAMLToken(kind: kind, start: start, end: end))
  }

  /// Appends a token for the indicator of `length` bytes here.
  private mutating func appendIndicator(_ kind: YAMLToken.Kind, length: Int = 1) {
    let start = mark()
    advance(length)
    append(kind, start, mark())
  }

  private mutating func fetchNextToken() throws(YAMLError) {
    try skipToNextToken()
    try dropStaleKeys()
    unwindIndent(to: column)
    let next = byte()
    if index >= bytes.count { return try fetchStreamEnd() }
    if column == 0 && next == .percent {
      throw YAMLError("directives ('%YAML', '%TAG') are not supported in nixie's files", at: mark())
    }
    if atDocumentMarker() { return try fetchDocumentIndicator(next == .dash ? .documentStart : .documentEnd) }
    let followedByBlank = Self.isBlankOrBreakOrEnd(byte(1))
    switch next {
    case .leftBracket: try fetchFlowCollectionStart(.flowSequenceStart)
    case .leftBrace: try fetchFlowCollectionStart(.flowMappingStart)
    case .rightBracket: try fetchFlowCollectionEnd(.flowSequenceEnd)
    case .rightBrace: try fetchFlowCollectionEnd(.flowMappingEnd)
    case .comma:
      allowSimpleKey = true
      try removePossibleKey()
      appendIndicator(.flowEntry)
    case .dash where followedByBlank: try fetchBlockEntry()
    case .question where flowLevel > 0 || followedByBlank:
      throw YAMLError(
        "explicit keys ('? ') are not supported in nixie's files; write 'key: value', and quote text "
          + "with a '?' inside [ ] or { }", at: mark())
    case .colon where flowLevel > 0 || followedByBlank: try fetchValue()
    case .ampersand: throw unsupported("anchors ('&name')")
    case .asterisk: throw unsupported("aliases ('*name')")
    case .exclamation: throw unsupported("tags ('!tag')")
    case .pipe where flowLevel == 0: try fetchBlockScalar(folded: false)
    case .greaterThan where flowLevel == 0: try fetchBlockScalar(folded: true)
    case .apostrophe, .quote:
      try savePossibleKey()
      allowSimpleKey = false
      queue.append(try scanQuoted())
    default:
      guard startsPlain() else {
        throw YAMLError(
          "'\(characterHere())' cannot start a value: "
            + "put the text in quotes", at: mark())
      }
      try savePossibleKey()
      allowSimpleKey = false
      queue.append(try scanPlain())
    }
  }

  private mutating func unsupported(_ what: String) -> YAMLError {
    YAMLError(
      "\(what) are not supported in nixie's files; quote the text if it starts with this character",
      at: mark())
  }

  /// Whether a plain (unquoted) scalar starts here.
  private func startsPlain() -> Bool {
    let next = byte()
    guard !Self.isBlankOrBreakOrEnd(next) else { return false }
    guard Self.isIndicator(next) else { return true }
    return !Self.isBlankOrBreakOrEnd(byte(1))
      && (next == .dash || (flowLevel == 0 && (next == .question || next == .colon)))
  }

  /// The characters that start YAML syntax: `-?:,[]{}#&*!|>'"%@` and the backquote.
  private static func isIndicator(_ byte: UInt8) -> Bool {
    switch byte {
    case .dash, .question, .colon, .comma, .leftBracket, .rightBracket, .leftBrace, .rightBrace, .hash,
      .ampersand, .asterisk, .exclamation, .pipe, .greaterThan, .apostrophe, .quote, .percent,
      UInt8(ascii: "@"), UInt8(ascii: "`"):
      return true
    default: return false
    }
  }

  /// Skips spaces, comments and line breaks; a line break in block context lets a key start.
  private mutating func skipToNextToken() throws(YAMLError) {
    while true {
      try skipWhitespace()
      if byte() == .hash {
        while !Self.isBreak(byte()) && index < bytes.count { advance() }
      }
      guard consumeLineBreak() else { return }
      if flowLevel == 0 { allowSimpleKey = true }
    }
  }

  private mutating func fetchStreamEnd() throws(YAMLError) {
    unwindIndent(to: -1)
    try removePossibleKey()
    allowSimpleKey = false
    let end = mark()
    append(.streamEnd, end, end)
    streamEnded = true
  }

  private mutating func fetchDocumentIndicator(_ kind: YAMLToken.Kind) throws(YAMLError) {
    unwindIndent(to: -1)
    try removePossibleKey()
    allowSimpleKey = false
    appendIndicator(kind, length: 3)
  }

  private mutating func fetchFlowCollectionStart(_ kind: YAMLToken.Kind) throws(YAMLError) {
    try savePossibleKey()
    guard flowLevel < maximumDepth else { throw tooDeep() }
    flowLevel += 1
    possibleKeys.append(nil)
    allowSimpleKey = true
    appendIndicator(kind)
  }

  private mutating func fetchFlowCollectionEnd(_ kind: YAMLToken.Kind) throws(YAMLError) {
    try removePossibleKey()
    if flowLevel > 0 {
      flowLevel -= 1
      possibleKeys.removeLast()
    }
    allowSimpleKey = false
    appendIndicator(kind)
  }

  private mutating func fetchBlockEntry() throws(YAMLError) {
    if flowLevel == 0 {
      guard allowSimpleKey else {
        throw YAMLError("a list cannot start here: put its '- ' entries on the lines below", at: mark())
      }
      if try addIndent(column) {
        let start = mark()
        append(.blockSequenceStart, start, start)
      }
    }
    allowSimpleKey = true
    try removePossibleKey()
    appendIndicator(.blockEntry)
  }

  private mutating func fetchValue() throws(YAMLError) {
    if let key = possibleKeys[flowLevel] {
      possibleKeys[flowLevel] = nil
      insert(YAMLToken(kind: .key, start: key.mark, end: key.mark), number: key.tokenNumber)
      if flowLevel == 0, try addIndent(key.column) {
        insert(YAMLToken(kind: .blockMappingStart, start: key.mark, end: key.mark), number: key.tokenNumber)
      }
      allowSimpleKey = false
    } else {
      if flowLevel == 0 {
        guard allowSimpleKey else {
          if longKeyLine == line {
            throw YAMLError("a key is at most \(Self.maximumKeyLength) bytes long", at: mark())
          }
          throw YAMLError(
            "':' is not allowed here: check the indentation of this line, and put a value that holds "
              + "': ' in quotes", at: mark())
        }
        if try addIndent(column) {
          let start = mark()
          append(.blockMappingStart, start, start)
        }
      }
      allowSimpleKey = flowLevel == 0
      try removePossibleKey()
    }
    appendIndicator(.value)
  }

  private mutating func fetchBlockScalar(folded: Bool) throws(YAMLError) {
    allowSimpleKey = true
    try removePossibleKey()
    queue.append(try scanBlockScalar(folded: folded))
  }

  /// Puts `token` where token number `number` is in the queue (after the tokens before it).
  private mutating func insert(_ token: YAMLToken, number: Int) {
    queue.insert(token, at: head + (number - tokensTaken))
  }

  // MARK: - Indentation

  /// Closes the block collections indented deeper than `column` (block context only).
  private mutating func unwindIndent(to column: Int) {
    guard flowLevel == 0 else { return }
    while indent > column, let outer = indents.popLast() {
      let here = mark()
      append(.blockEnd, here, here)
      indent = outer
    }
  }

  /// Opens a block level at `column` if it is deeper than the current one.
  private mutating func addIndent(_ column: Int) throws(YAMLError) -> Bool {
    guard indent < column else { return false }
    guard indents.count < maximumDepth else { throw tooDeep() }
    indents.append(indent)
    indent = column
    return true
  }

  mutating func tooDeep() -> YAMLError {
    YAMLError("the text nests deeper than \(maximumDepth) levels", at: mark())
  }

  // MARK: - Keys

  /// Remembers that the scalar or flow collection starting here is a key if a `:` follows.
  private mutating func savePossibleKey() throws(YAMLError) {
    guard allowSimpleKey else { return }
    try removePossibleKey()
    possibleKeys[flowLevel] = PossibleKey(
      tokenNumber: tokensTaken + queue.count - head, required: flowLevel == 0 && indent == column,
      index: index, line: line, column: column, mark: mark())
  }

  private mutating func removePossibleKey() throws(YAMLError) {
    if let key = possibleKeys[flowLevel], key.required { throw missingColon(key) }
    possibleKeys[flowLevel] = nil
  }

  /// Forgets keys whose `:` can no longer come: a key ends on its own line.
  private mutating func dropStaleKeys() throws(YAMLError) {
    for level in possibleKeys.indices {
      guard let key = possibleKeys[level],
        key.line != line || index - key.index > Self.maximumKeyLength
      else { continue }
      if key.required { throw missingColon(key) }
      if key.line == line { longKeyLine = line }
      possibleKeys[level] = nil
    }
  }

  private mutating func missingColon(_ key: PossibleKey) -> YAMLError {
    keyWithoutColon = key.tokenNumber
    var end = key.index
    while end < bytes.count && !Self.isBreak(bytes[end]) { end += 1 }
    let text = String(decoding: bytes[key.index..<end], as: UTF8.self)
    return YAMLError(
      "expected ':' after '\(YAMLToken.excerpt(text))': every line of a mapping is 'key: value'",
      at: key.mark)
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
  static let tab = UInt8(ascii: "\t")
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let space = UInt8(ascii: " ")
  static let dash = UInt8(ascii: "-")
  static let dot = UInt8(ascii: ".")
  static let hash = UInt8(ascii: "#")
  static let percent = UInt8(ascii: "%")
  static let leftBracket = UInt8(ascii: "[")
  static let rightBracket = UInt8(ascii: "]")
  static let leftBrace = UInt8(ascii: "{")
  static let rightBrace = UInt8(ascii: "}")
  static let comma = UInt8(ascii: ",")
  static let question = UInt8(ascii: "?")
  static let colon = UInt8(ascii: ":")
  static let ampersand = UInt8(ascii: "&")
  static let asterisk = UInt8(ascii: "*")
  static let exclamation = UInt8(ascii: "!")
  static let pipe = UInt8(ascii: "|")
  static let greaterThan = UInt8(ascii: ">")
  static let apostrophe = UInt8(ascii: "'")
  static let quote = UInt8(ascii: "\"")
  static let backslash = UInt8(ascii: "\\")
  static let plus = UInt8(ascii: "+")
}
