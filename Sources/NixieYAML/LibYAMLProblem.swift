import CYAML

/// What stopped libyaml: its words for the problem and for what it was reading, and their
/// places (Unicode scalars from the start of the text). `error(_:_:)` says it in nixie's words.
struct LibYAMLProblem: Error {
  let context: String?
  let contextIndex: Int?
  let problem: String
  let index: Int
  /// Whether the parser reported it (its index is the start of the token it stopped at), not
  /// the scanner.
  let byParser: Bool

  static let outOfMemory = LibYAMLProblem(
    context: nil, contextIndex: nil, problem: "libyaml ran out of memory", index: 0, byParser: false)
}

extension LibYAMLProblem {
  /// nixie's message for the problem, placed where the message points. A problem this table
  /// does not know keeps libyaml's words.
  func error(_ positions: inout YAMLPositions, _ situation: YAMLSituation) -> YAMLError {
    var reading = Reading(problem: self, positions: positions, situation: situation)
    defer { positions = reading.positions }
    if let refusal = reading.refusal() { return refusal }
    let rule = context.flatMap { Self.contexts[$0] } ?? Self.problems[problem] ?? { $0.libyamlsWords() }
    return rule(&reading)
  }

  private typealias Rule = @Sendable (inout Reading) -> YAMLError

  /// Problems inside a construct nixie refuses whatever went wrong in it, by libyaml's context.
  private static let contexts: [String: Rule] = [
    "while scanning a directive": { $0.directives() },
    "while scanning a %YAML directive": { $0.directives() },
    "while scanning a %TAG directive": { $0.directives() },
    "while parsing a %TAG directive": { $0.directives() },
    "while parsing a tag directive": { $0.directives() },
    "while scanning an anchor": { $0.unsupported("anchors ('&name')", at: $0.contextIndex) },
    "while scanning an alias": { $0.unsupported("aliases ('*name')", at: $0.contextIndex) },
    "while scanning a tag": { $0.unsupported("tags ('!tag')", at: $0.contextIndex) },
    "while parsing a tag": { $0.unsupported("tags ('!tag')", at: $0.contextIndex) },
  ]

  /// The others, by libyaml's problem.
  private static let problems: [String: Rule] = [
    // The scanner's.
    "could not find expected ':'": { $0.keyWithoutColon() },
    "block sequence entries are not allowed in this context": {
      $0.error("a list cannot start here: put its '- ' entries on the lines below", at: $0.index)
    },
    "mapping values are not allowed in this context": { $0.colonNotAllowed() },
    "mapping keys are not allowed in this context": { $0.explicitKey() },
    "found character that cannot start any token": { $0.cannotStart() },
    "found a tab character that violates indentation": { $0.tab() },
    "found a tab character where an indentation space is expected": { $0.tab() },
    "found unexpected ':'": {
      $0.error(
        "':' cannot follow text directly inside [ ] or { }: put a space after it, or the text in quotes",
        at: $0.index)
    },
    "did not find expected comment or line break": { $0.blockHeader() },
    "found an indentation indicator equal to 0": {
      $0.error("a block's indentation indicator is 1 to 9, not 0", at: $0.index)
    },
    "found unexpected end of stream": { $0.unterminatedQuote() },
    "found unexpected document indicator": {
      $0.error(
        "a document marker ('---' or '...') inside quoted text: is a closing quote missing?", at: $0.index)
    },
    "found unknown escape character": { $0.unknownEscape() },
    "did not find expected hexdecimal number": { $0.shortHexEscape() },
    "found invalid Unicode character escape code": { $0.escapeOfNoCharacter() },
    // The parser's.
    "did not find expected key": { $0.blockMismatch(expected: "a key", what: "mapping's keys") },
    "did not find expected '-' indicator": { $0.blockMismatch(expected: "'- '", what: "list's entries") },
    "did not find expected ',' or ']'": {
      $0.unclosed(list: true, expected: "',' or ']'", at: $0.contextIndex)
    },
    "did not find expected ',' or '}'": {
      $0.unclosed(list: false, expected: "',' or '}'", at: $0.contextIndex)
    },
    "did not find expected node content": { $0.noValue() },
    "did not find expected <document start>": { $0.afterDocument() },
    "found duplicate %YAML directive": { $0.directives() },
    "found duplicate %TAG directive": { $0.directives() },
    "found incompatible YAML document": { $0.directives() },
    "found undefined tag handle": { $0.unsupported("tags ('!tag')", at: $0.index) },
  ]

  /// A problem being put into words: its places, the text around them, and the token found.
  private struct Reading {
    let problem: LibYAMLProblem
    var positions: YAMLPositions
    let situation: YAMLSituation

    var index: Int { problem.index }
    var contextIndex: Int { problem.contextIndex ?? problem.index }

    mutating func error(_ message: String, at index: Int) -> YAMLError {
      YAMLError(message, at: positions.mark(index))
    }

    /// The character at `index` for a message, named if invisible.
    mutating func character(at index: Int) -> String {
      positions.character(at: index).map { YAMLText.visible(String($0)) } ?? ""
    }

    /// How a message names the token libyaml's parser stopped at.
    var found: String {
      let token = LibYAMLToken.found(at: index, in: positions.text, openingAt: problem.contextIndex)
      return token?.found ?? "'\(LibYAMLToken.excerpt(rest))'"
    }

    private var rest: String {
      var positions = positions
      return positions.restOfLine(from: index)
    }

    /// A construct nixie refuses, where libyaml stopped at it (the token its parser stopped at,
    /// or a key without its `:`): the refusal is what to say, as it comes first in the text.
    mutating func refusal() -> YAMLError? {
      let at =
        problem.byParser ? index : problem.problem == "could not find expected ':'" ? contextIndex : nil
      guard let at else { return nil }
      switch positions.character(at: at) {
      case "&": return unsupported("anchors ('&name')", at: at)
      case "*": return unsupported("aliases ('*name')", at: at)
      case "!": return unsupported("tags ('!tag')", at: at)
      case "%": return directives(at: at)
      case "?" where problem.byParser && (situation.openFlow != nil || isBlankOrEnd(at: at + 1)):
        return explicitKey()
      default: return nil
      }
    }

    /// Whether a space, a tab, a line break or the end of the text is at `index`.
    private mutating func isBlankOrEnd(at index: Int) -> Bool {
      guard let next = positions.character(at: index) else { return true }
      return [" ", "\t", "\n", "\r"].contains(next)
    }

    mutating func libyamlsWords() -> YAMLError {
      error(problem.problem + (problem.context.map { " (\($0))" } ?? ""), at: index)
    }

    mutating func directives(at index: Int? = nil) -> YAMLError {
      .directives(at: positions.mark(index ?? contextIndex))
    }

    mutating func unsupported(_ what: String, at index: Int) -> YAMLError {
      .unsupported(what, at: positions.mark(index))
    }

    mutating func explicitKey() -> YAMLError { .explicitKey(at: positions.mark(index)) }

    mutating func tab() -> YAMLError {
      error("a tab in the indentation: YAML indents with spaces only", at: index)
    }

    mutating func keyWithoutColon() -> YAMLError {
      let key = positions.restOfLine(from: contextIndex)
      return error(
        "expected ':' after '\(LibYAMLToken.excerpt(key))': every line of a mapping is 'key: value'",
        at: contextIndex)
    }

    /// libyaml gives up a key that waits more than 1024 characters for its `:` on its line.
    mutating func colonNotAllowed() -> YAMLError {
      let line = positions.lineBefore(index).unicodeScalars
      if line.drop(while: { $0 == " " }).count > 1024 {
        return error("a key is at most 1024 characters long", at: index)
      }
      return error(
        "':' is not allowed here: check the indentation of this line, and put a value that holds "
          + "': ' in quotes", at: index)
    }

    mutating func cannotStart() -> YAMLError {
      if positions.character(at: index) == "\t" { return tab() }
      let character = character(at: index)
      return error("'\(character)' cannot start a value: put the text in quotes", at: index)
    }

    mutating func blockHeader() -> YAMLError {
      let indicator = character(at: contextIndex)
      let character = character(at: index)
      return error(
        "expected the end of the line or ' #' and a comment after '\(indicator)' and its indicators "
          + "(- + 1…9), found '\(character)'", at: index)
    }

    mutating func unterminatedQuote() -> YAMLError {
      let quote = character(at: contextIndex)
      return error("the quoted text that starts here has no closing \(quote)", at: contextIndex)
    }

    mutating func unknownEscape() -> YAMLError {
      // A backslash that ends the text: the quote is what is missing.
      if positions.character(at: index + 1) == nil { return unterminatedQuote() }
      let code = character(at: index + 1)
      return error(
        "unknown escape '\\\(code)' (known: \\0 \\a \\b \\t \\n \\v \\f \\r \\e \\\" "
          + "\\/ \\\\ \\N \\_ \\L \\P \\xNN \\uNNNN \\UNNNNNNNN)", at: index + 1)
    }

    /// The escape before `index` (`x`, `u` or `U`) and how many hexadecimal digits it takes.
    private mutating func hexEscape() -> (code: String, digits: Int) {
      let code = character(at: index - 1)
      return (code, ["x": 2, "u": 4, "U": 8][code] ?? 0)
    }

    mutating func shortHexEscape() -> YAMLError {
      let (code, digits) = hexEscape()
      return error("'\\\(code)' takes \(digits) hexadecimal digits", at: index)
    }

    mutating func escapeOfNoCharacter() -> YAMLError {
      let (code, digits) = hexEscape()
      let start = positions.offset(of: index)
      let hex = positions.text[start..<min(positions.text.count, start + digits)]
      let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16) ?? 0
      return error(
        "'\\\(code)' names \(YAMLText.escaped(value)), which is not a character", at: index)
    }

    mutating func blockMismatch(expected: String, what: String) -> YAMLError {
      let start = positions.mark(contextIndex)
      let found = found
      return error(
        "expected \(expected) at column \(start.column) (where this \(what) start, line \(start.line)) "
          + "or a less indented line; found \(found)", at: index)
    }

    /// A flow collection that goes on wrongly or not at all: the message says where it opened.
    mutating func unclosed(list: Bool, expected: String, at opening: Int) -> YAMLError {
      unclosed(list: list, expected: expected, opened: positions.mark(opening))
    }

    mutating func unclosed(list: Bool, expected: String, opened: YAMLMark) -> YAMLError {
      let (what, closer) = list ? ("list", "]") : ("mapping", "}")
      let found = found
      return error(
        "expected \(expected) in the \(what) opened at line \(opened.line), column \(opened.column) "
          + "(is its '\(closer)' missing?); found \(found)", at: index)
    }

    mutating func noValue() -> YAMLError {
      let token = LibYAMLToken.found(at: index, in: positions.text)
      let found = token?.found ?? "'\(LibYAMLToken.excerpt(rest))'"
      switch (token?.type, situation.openFlow) {
      case (YAML_BLOCK_ENTRY_TOKEN, .some):
        return error("'- ' entries cannot stand inside [ ] or { }: separate entries with ','", at: index)
      case (YAML_STREAM_END_TOKEN, .some(let open)), (YAML_DOCUMENT_START_TOKEN, .some(let open)),
        (YAML_DOCUMENT_END_TOKEN, .some(let open)):
        return unclosed(list: open.list, expected: "a value", opened: open.mark)
      case (YAML_DOCUMENT_END_TOKEN, nil) where situation.beforeDocument:
        return error("'...' ends a document, but none has started", at: index)
      default:
        return error("expected a value, found \(found)", at: index)
      }
    }

    mutating func afterDocument() -> YAMLError {
      // Before a document, only directives lead the parser to expect a '---'.
      if situation.beforeDocument, let directive = LibYAMLToken.firstDirective(in: positions.text) {
        return directives(at: directive)
      }
      if situation.afterExplicitEnd {
        return error("a second document after '...': nixie's files hold one", at: index)
      }
      let found = found
      return error("expected the end of the text after the document's value, found \(found)", at: index)
    }
  }
}
