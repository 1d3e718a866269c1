import NixieTestSupport
import NixieYAML
import Testing

/// What the PyYAML comparison cannot show: columns as an editor counts them, the exact text of
/// escapes and blocks from the YAML specification, the limits, and that no text makes the
/// parser trap.
struct YAMLParserTests {
  static func parse(_ text: String) throws(YAMLError) -> YAMLNode? { try YAMLParser().parse(text) }

  /// The key and value marks of the only entry of a one-entry mapping.
  static func entryMarks(_ text: String) throws -> (key: YAMLMark, value: YAMLMark) {
    let root = try #require(try parse(text))
    guard case .mapping(let entries) = root.content, let entry = entries.first else {
      throw YAMLError("not a mapping", at: root.mark)
    }
    return (entry.keyMark, entry.value.mark)
  }

  /// (text, where the value starts). Columns count characters: a letter with a combining
  /// accent, a flag, a family joined by zero-width joiners and a CJK character are one each
  /// (PyYAML counts code points: 7, 6 and 8 for the first three); a tab is one; a byte order
  /// mark is none.
  @Test(arguments: [
    ("\"e\u{301}\": x", YAMLMark(line: 1, column: 6)),
    ("\u{1F1E9}\u{1F1EA}: x", YAMLMark(line: 1, column: 4)),
    ("\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}: x", YAMLMark(line: 1, column: 4)),
    ("名前: 値", YAMLMark(line: 1, column: 5)),
    ("a:\tb", YAMLMark(line: 1, column: 4)),
    ("\u{FEFF}a: b", YAMLMark(line: 1, column: 4)),
    ("# one\r\n\r\na: b", YAMLMark(line: 3, column: 4)),
    ("# one\ra: b", YAMLMark(line: 2, column: 4)),
    ("k:\n  x", YAMLMark(line: 2, column: 3)),
  ])
  func marksCountCharactersAsAnEditorDoes(_ text: String, _ value: YAMLMark) throws {
    #expect(try Self.entryMarks(text).value == value)
  }

  /// Found by Fuzz/Targets FuzzYAML: a combining mark right after a place already marked (a
  /// space after a comma) joins the character before it, so counting on from the place counted
  /// it twice and the end of the line came out past the end of the line.
  @Test(arguments: [
    ("k: [\u{E9}, \u{33C}, x", YAMLMark(line: 1, column: 11)),
    ("k: [a, \u{301}\u{301}b, \u{1F1E9}\u{1F1EA}\u{1F1E9}", YAMLMark(line: 1, column: 13)),
  ])
  func aCharacterContinuingPastAMarkCountsOnce(_ text: String, _ end: YAMLMark) {
    #expect(text.count + 1 == end.column)
    do {
      _ = try Self.parse(text)
      Issue.record("an unclosed list was accepted")
    } catch {
      #expect(error.mark == end, "\(error)")
    }
  }

  @Test func marksAlongALongLineOfWideCharactersKeepCounting() throws {
    let root = try #require(
      try Self.parse("[" + Array(repeating: "é\u{301}", count: 300).joined(separator: ",") + "]"))
    guard case .sequence(let items) = root.content else { throw YAMLError("not a list", at: root.mark) }
    #expect(items.map(\.mark.column) == (0..<300).map { 2 + 2 * $0 })
  }

  /// Every escape of YAML 1.1's double-quoted style (§5.7) and what it stands for.
  @Test(arguments: [
    (#"\0"#, "\u{0}"), (#"\a"#, "\u{7}"), (#"\b"#, "\u{8}"), (#"\t"#, "\t"), ("\\\t", "\t"), (#"\n"#, "\n"),
    (#"\v"#, "\u{B}"), (#"\f"#, "\u{C}"), (#"\r"#, "\r"), (#"\e"#, "\u{1B}"), (#"\ "#, " "), (#"\""#, "\""),
    (#"\/"#, "/"), (#"\\"#, "\\"), (#"\N"#, "\u{85}"), (#"\_"#, "\u{A0}"), (#"\L"#, "\u{2028}"),
    (#"\P"#, "\u{2029}"), (#"\x41"#, "A"), (#"\xe9"#, "é"), (#"\u20AC"#, "€"), (#"\U0001F600"#, "😀"),
    ("a\\\n   b", "ab"), ("a \\\n\n  b", "a \nb"),
  ])
  func doubleQuotedEscapes(_ escape: String, _ text: String) throws {
    let root = try #require(try Self.parse("\"" + escape + "\""))
    #expect(root.scalar == YAMLScalar(text, style: .doubleQuoted))
  }

  /// Blocks and their chomping, as in YAML 1.1 §9.1.1 and §9.1.3–9.1.4 (a tab after the
  /// indentation is text).
  @Test(arguments: [
    ("|\n  a\n  b\n\n", "a\nb\n", YAMLScalar.Style.literal),
    ("|-\n  a\n  b\n\n", "a\nb", .literal),
    ("|+\n  a\n  b\n\n", "a\nb\n\n", .literal),
    ("|\n  a", "a", .literal),
    ("|2\n   a\n  b\n", " a\nb\n", .literal),
    ("|\n\n\n  a\n", "\n\na\n", .literal),
    (">\n  a\n  b\n\n  c\n", "a b\nc\n", .folded),
    (">\n  a\n    b\n  c\n", "a\n  b\nc\n", .folded),
    (">-\n  a\n  b\n", "a b", .folded),
    ("|\n  a\n  \tb\n", "a\n\tb\n", .literal),
  ])
  func blocks(_ text: String, _ value: String, _ style: YAMLScalar.Style) throws {
    #expect(try Self.parse(text)?.scalar == YAMLScalar(value, style: style))
  }

  /// Line folding of plain and quoted text (§4.6.2).
  @Test(arguments: [
    ("a\n  b\n\n  c", "a b\nc", YAMLScalar.Style.plain),
    ("'a\n  b  \n\n\n  c'", "a b\n\nc", .singleQuoted),
    ("\"  a\n\tb \"", "  a b ", .doubleQuoted),
    ("'it''s'", "it's", .singleQuoted),
  ])
  func folding(_ text: String, _ value: String, _ style: YAMLScalar.Style) throws {
    #expect(try Self.parse(text)?.scalar == YAMLScalar(value, style: style))
  }

  @Test func emptyTextsHoldNoDocument() throws {
    for text in ["", "# only a comment\n", "\n\n", "\u{FEFF}", "  # indented\n"] {
      #expect(try Self.parse(text) == nil, "\(text.debugDescription)")
    }
    #expect(try Self.parse("---\n") == YAMLNode(.scalar(YAMLScalar("")), at: YAMLMark(line: 2, column: 1)))
  }

  @Test func absentValuesAreEmptyTextWhereTheValueWouldStart() throws {
    let root = try #require(try Self.parse("a:\nb: [x, ]\nc:\n- \n"))
    #expect(
      root
        == YAMLNode(
          .mapping([
            .init(
              key: YAMLScalar("a"), keyMark: YAMLMark(line: 1, column: 1),
              value: YAMLNode(.scalar(YAMLScalar("")), at: YAMLMark(line: 1, column: 3))),
            .init(
              key: YAMLScalar("b"), keyMark: YAMLMark(line: 2, column: 1),
              value: YAMLNode(
                .sequence([YAMLNode(.scalar(YAMLScalar("x")), at: YAMLMark(line: 2, column: 5))]),
                at: YAMLMark(line: 2, column: 4))),
            .init(
              key: YAMLScalar("c"), keyMark: YAMLMark(line: 3, column: 1),
              value: YAMLNode(
                .sequence([YAMLNode(.scalar(YAMLScalar("")), at: YAMLMark(line: 4, column: 2))]),
                at: YAMLMark(line: 4, column: 1))),
          ]), at: YAMLMark(line: 1, column: 1)))
  }

  /// (text, place, part of the message). Invisible characters are named, never printed.
  @Test(arguments: [
    ("a: 1\na: 2\n", YAMLMark(line: 2, column: 1), "duplicate key 'a' (first at line 1)"),
    (
      "\"k\u{1B}\": 1\n\"k\\e\": 2\n", YAMLMark(line: 1, column: 3),
      #"control character \u{1B} is not allowed"#
    ),
    ("a: 1\n\"k\\e\": 2\n\"k\\e\": 3\n", YAMLMark(line: 3, column: 1), #"duplicate key 'k\u{1B}'"#),
    ("a: \u{7F}", YAMLMark(line: 1, column: 4), #"control character \u{7F}"#),
    ("é: \u{9B}", YAMLMark(line: 1, column: 4), #"control character \u{9B}"#),
    ("a: b\u{FEFF}", YAMLMark(line: 1, column: 5), #"\u{FEFF} is a byte order mark"#),
    ("a: \u{FFFF}", YAMLMark(line: 1, column: 4), #"\u{FFFF} is not a character"#),
    ("a: \"\\U00110000\"", YAMLMark(line: 1, column: 7), #"names \u{110000}, which is not a character"#),
    ("- a\n- b\n\t- c", YAMLMark(line: 3, column: 1), "a tab in the indentation"),
    // libyaml also takes a tab right after '- ' for indentation.
    ("- a\n-\tb\n", YAMLMark(line: 2, column: 2), "a tab in the indentation"),
  ])
  func refusals(_ text: String, _ mark: YAMLMark, _ message: String) {
    #expect {
      _ = try Self.parse(text)
    } throws: { error in
      guard let error = error as? YAMLError else { return false }
      return error.mark == mark && error.message.contains(message)
        && !error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
  }

  /// A line that holds nothing but tabs and spaces, or a comment after them, is read as before
  /// libyaml (which refuses a tab where a line's indentation is expected): as if its tabs were
  /// spaces.
  @Test(arguments: [
    "a: 1\n\t\nb: 2\n", "\t# a comment\na: 1\n", "a:\n  - x\n\t \t\n  - y\n", "a: [b,\n\t\n c]\n",
    "a: \"b\"\n\t# c\nd: |\n  e\n\t\n  f\n",
  ])
  func linesOfOnlyTabsAreBlank(_ text: String) throws {
    let spaces = String(text.map { $0 == "\t" ? " " : $0 })
    let root = try #require(try Self.parse(text))
    #expect(try Self.parse(spaces) == root)
  }

  /// Explicit keys are refused at their '?', wherever they stand, and before a syntax error
  /// after them.
  @Test(arguments: [
    ("? a\n: b\n", YAMLMark(line: 1, column: 1)), ("a:\n  ? b\n  : c\n", YAMLMark(line: 2, column: 3)),
    ("{? a: b}", YAMLMark(line: 1, column: 2)), ("[? a: b]", YAMLMark(line: 1, column: 2)),
    ("[a, ? b]", YAMLMark(line: 1, column: 5)), ("[a]\n? b\n", YAMLMark(line: 2, column: 1)),
  ])
  func explicitKeysAreRefusedAtTheirQuestionMark(_ text: String, _ mark: YAMLMark) {
    #expect {
      _ = try Self.parse(text)
    } throws: { error in
      guard let error = error as? YAMLError else { return false }
      return error.mark == mark && error.message.hasPrefix("explicit keys ('? ') are not supported")
    }
  }

  /// Inside { } and [ ], as everywhere else, an absent value is placed just after its ':'
  /// (libyaml places it at the token after it; PyYAML and nixie do not).
  @Test func absentValuesInsideBracketsFollowTheirColon() throws {
    let root = try #require(try Self.parse("{a: , b:   }\n"))
    guard case .mapping(let entries) = root.content else { throw YAMLError("not a mapping", at: root.mark) }
    #expect(entries.map(\.value.mark) == [YAMLMark(line: 1, column: 4), YAMLMark(line: 1, column: 9)])
    let pair = try #require(try Self.parse("[a:\n ]\n"))
    guard case .sequence(let items) = pair.content, case .mapping(let pairEntries) = items.first?.content
    else {
      throw YAMLError("not a list of a pair", at: pair.mark)
    }
    #expect(pairEntries.map(\.value.mark) == [YAMLMark(line: 1, column: 4)])
  }

  @Test func invalidUTF8IsRefusedAtItsCharacter() {
    let bytes = Array("a: 1\nb: é".utf8) + [0xC3, 0x28]
    #expect(
      throws: YAMLError(
        "the text is not UTF-8 (byte 0xC3 cannot start or continue a character here)",
        at: YAMLMark(line: 2, column: 5))
    ) {
      try YAMLParser().parse(bytes)
    }
  }

  @Test func nestingIsLimited() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    }
    #expect(try Self.parse(nested(64)) != nil)
    #expect(throws: YAMLError("the text nests deeper than 64 levels", at: YAMLMark(line: 1, column: 65))) {
      try Self.parse(nested(65))
    }
    let blocks = (0..<64).map { String(repeating: " ", count: 2 * $0) + "-\n" }.joined()
    #expect(try Self.parse(blocks) != nil)
    #expect(throws: YAMLError.self) { try Self.parse(blocks + String(repeating: " ", count: 128) + "- x\n") }
    #expect(throws: YAMLError.self) { try YAMLParser(maximumDepth: 2).parse("a: {b: [c]}") }
    #expect(try YAMLParser(maximumDepth: 3).parse("a: {b: [c]}") != nil)
  }

  @Test func nodesAreCounted() throws {
    #expect(try YAMLParser(maximumNodes: 5).parse("{a: [b, c]}") != nil)
    #expect(throws: YAMLError("the text holds more than 4 values", at: YAMLMark(line: 1, column: 1))) {
      try YAMLParser(maximumNodes: 4).parse("{a: [b, c]}")
    }
  }

  @Test func aStringAndItsBytesReadTheSame() throws {
    func reading(_ parse: () throws(YAMLError) -> YAMLNode?) -> String {
      do { return "\(String(describing: try parse()))" } catch { return "\(error)" }
    }
    for file in CorpusFile.all {
      guard let text = String(validating: file.bytes, as: UTF8.self) else { continue }
      #expect(
        reading { () throws(YAMLError) in try YAMLParser().parse(text) }
          == reading { () throws(YAMLError) in try YAMLParser().parse(file.bytes) }, "\(file.name)")
    }
  }

  /// Random edits of the corpus (bytes dropped, repeated, replaced by YAML's indicators): each
  /// reads or is refused at a place inside the text, with a message that prints nothing
  /// invisible. A trap would end the test run.
  @Test func editedFilesAreReadOrRefusedInPlace() {
    var random = SplitMix64(state: 0x59_414D_4C)
    let pieces = Array([
      "-", ":", " ", "\n", "[", "]", "{", "}", ",", "'", "\"", "|", ">", "#", "\t", "\\", "é", "---",
    ])
    let files = CorpusFile.all.map(\.bytes).filter { !$0.isEmpty }
    for _ in 0..<1500 {
      var bytes = files[Int(random.next() % UInt64(files.count))]
      for _ in 0...(random.next() % 4) {
        let at = Int(random.next() % UInt64(bytes.count + 1))
        switch random.next() % 3 {
        case 0: bytes.insert(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))].utf8, at: at)
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int(random.next() % 4)))
        default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 20)], at: at)
        }
      }
      do {
        _ = try YAMLParser().parse(bytes)
      } catch {
        let lines = bytes.filter { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }.count + 1
        #expect((1...lines).contains(error.line) && error.column >= 1, "\(error)")
        #expect(
          !error.message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
      }
    }
  }
}
