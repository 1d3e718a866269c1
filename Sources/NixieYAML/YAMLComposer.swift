/// Builds the nodes of a document from the scanner's tokens, by recursive descent bounded by
/// the nesting limit. Absent values (`key:`, `- `) become empty plain scalars placed where
/// the value would start, as PyYAML places them.
struct YAMLComposer {
  private var scanner: YAMLScanner
  private let maximumDepth: Int
  private let maximumNodes: Int
  private var nodeCount = 0
  /// The `[` and `{` tokens of the flow collections being read, innermost last.
  private var openFlows: [YAMLToken] = []

  init(scanner: YAMLScanner, maximumDepth: Int, maximumNodes: Int) {
    self.scanner = scanner
    self.maximumDepth = maximumDepth
    self.maximumNodes = maximumNodes
  }

  /// The one document of the text, or nil if there is none.
  mutating func document() throws(YAMLError) -> YAMLNode? {
    var token = try scanner.peek()
    var root: YAMLNode?
    switch token.kind {
    case .streamEnd: break
    case .documentEnd: throw YAMLError("'...' ends a document, but none has started", at: token.start)
    case .documentStart:
      _ = try scanner.next()
      token = try scanner.peek()
      switch token.kind {
      case .documentStart, .documentEnd, .streamEnd: root = try empty(at: token.start)
      default: root = try node(depth: 0, block: true)
      }
    default: root = try node(depth: 0, block: true)
    }
    var ended = false
    while try scanner.peek().kind == .documentEnd {
      _ = try scanner.next()
      ended = true
    }
    token = try scanner.peek()
    switch token.kind {
    case .streamEnd: return root
    case .documentStart:
      throw YAMLError("a second document: nixie's files hold one (remove this '---')", at: token.start)
    default:
      throw YAMLError(
        ended
          ? "a second document after '...': nixie's files hold one"
          : "expected the end of the text after the document's value, found \(token.found)", at: token.start)
    }
  }

  // MARK: - Nodes

  private mutating func node(depth: Int, block: Bool, indentlessSequence: Bool = false)
    throws(YAMLError) -> YAMLNode
  {
    let token = try scanner.peek()
    switch token.kind {
    case .scalar(let scalar):
      _ = try scanner.next()
      return try made(.scalar(scalar), at: token.start)
    case .blockEntry where indentlessSequence: return try self.indentlessSequence(depth: depth)
    case .flowSequenceStart: return try flowSequence(depth: depth)
    case .flowMappingStart: return try flowMapping(depth: depth)
    case .blockSequenceStart where block: return try blockSequence(depth: depth)
    case .blockMappingStart where block: return try blockMapping(depth: depth)
    case .blockEntry where !block:
      throw YAMLError(
        "'- ' entries cannot stand inside [ ] or { }: separate entries with ','", at: token.start)
    case .streamEnd, .documentStart, .documentEnd:
      if let open = openFlows.last { throw unclosed(open, expected: "a value", found: token) }
      throw YAMLError("expected a value, found \(token.found)", at: token.start)
    default: throw YAMLError("expected a value, found \(token.found)", at: token.start)
    }
  }

  private mutating func made(_ content: YAMLNode.Content, at mark: YAMLMark) throws(YAMLError) -> YAMLNode {
    guard nodeCount < maximumNodes else {
      throw YAMLError("the text holds more than \(maximumNodes) values", at: mark)
    }
    nodeCount += 1
    return YAMLNode(content, at: mark)
  }

  private mutating func empty(at mark: YAMLMark) throws(YAMLError) -> YAMLNode {
    try made(.scalar(YAMLScalar("")), at: mark)
  }

  /// A value, or an empty one placed at `mark` if the next token is one of `enders`.
  private mutating func value(
    depth: Int, block: Bool, indentlessSequence: Bool = false, or enders: [YAMLToken.Kind],
    emptyAt mark: YAMLMark
  ) throws(YAMLError) -> YAMLNode {
    if enders.contains(try scanner.peek().kind) { return try empty(at: mark) }
    return try node(depth: depth, block: block, indentlessSequence: indentlessSequence)
  }

  /// Takes the token that opens a collection, checking the nesting limit.
  private mutating func open(depth: Int) throws(YAMLError) -> YAMLToken {
    let token = try scanner.next()
    guard depth < maximumDepth else {
      throw YAMLError("the text nests deeper than \(maximumDepth) levels", at: token.start)
    }
    return token
  }

  // MARK: - Block collections

  private mutating func blockSequence(depth: Int) throws(YAMLError) -> YAMLNode {
    let start = try open(depth: depth)
    var items: [YAMLNode] = []
    while true {
      let token = try scanner.next()
      switch token.kind {
      case .blockEntry:
        items.append(
          try value(depth: depth + 1, block: true, or: [.blockEntry, .blockEnd], emptyAt: token.end))
      case .blockEnd:
        return try made(.sequence(items), at: start.start)
      default:
        throw YAMLError(
          "expected '- ' at column \(start.start.column) (where this list's entries start, line "
            + "\(start.start.line)) or a less indented line; found \(token.found)", at: token.start)
      }
    }
  }

  /// A sequence at the indentation of the key it belongs to (`key:` then `- item` below it).
  private mutating func indentlessSequence(depth: Int) throws(YAMLError) -> YAMLNode {
    let start = try scanner.peek()
    guard depth < maximumDepth else {
      throw YAMLError("the text nests deeper than \(maximumDepth) levels", at: start.start)
    }
    var items: [YAMLNode] = []
    while try scanner.peek().kind == .blockEntry {
      let entry = try scanner.next()
      items.append(
        try value(
          depth: depth + 1, block: true, or: [.blockEntry, .key, .value, .blockEnd], emptyAt: entry.end))
    }
    return try made(.sequence(items), at: start.start)
  }

  private mutating func blockMapping(depth: Int) throws(YAMLError) -> YAMLNode {
    let start = try open(depth: depth)
    var entries = MappingEntries()
    while true {
      let token = try scanner.next()
      switch token.kind {
      case .key:
        let key = try value(
          depth: depth + 1, block: true, indentlessSequence: true, or: [.key, .value, .blockEnd],
          emptyAt: token.end)
        let indicator = try scanner.peek()
        var item: YAMLNode
        if indicator.kind == .value {
          _ = try scanner.next()
          item = try value(
            depth: depth + 1, block: true, indentlessSequence: true, or: [.key, .value, .blockEnd],
            emptyAt: indicator.end)
        } else {
          item = try empty(at: indicator.start)
        }
        try entries.add(key: key, value: item)
      case .blockEnd:
        return try made(.mapping(entries.entries), at: start.start)
      default:
        throw YAMLError(
          "expected a key at column \(start.start.column) (where this mapping's keys start, line "
            + "\(start.start.line)) or a less indented line; found \(token.found)", at: token.start)
      }
    }
  }

  // MARK: - Flow collections

  private mutating func flowSequence(depth: Int) throws(YAMLError) -> YAMLNode {
    let start = try open(depth: depth)
    openFlows.append(start)
    defer { openFlows.removeLast() }
    var items: [YAMLNode] = []
    while true {
      var token = try scanner.peek()
      if token.kind != .flowSequenceEnd {
        if !items.isEmpty {
          guard token.kind == .flowEntry else { throw unclosed(start, expected: "',' or ']'", found: token) }
          _ = try scanner.next()
          token = try scanner.peek()
        }
        if token.kind == .key {
          items.append(try pair(depth: depth + 1))
          continue
        }
        if token.kind != .flowSequenceEnd {
          items.append(try node(depth: depth + 1, block: false))
          continue
        }
      }
      _ = try scanner.next()
      return try made(.sequence(items), at: start.start)
    }
  }

  /// `[key: value]`: a mapping of one entry inside a flow sequence.
  private mutating func pair(depth: Int) throws(YAMLError) -> YAMLNode {
    let start = try open(depth: depth)
    let key = try value(
      depth: depth + 1, block: false, or: [.value, .flowEntry, .flowSequenceEnd], emptyAt: start.end)
    var entries = MappingEntries()
    try entries.add(key: key, value: try flowValue(depth: depth + 1, enders: [.flowEntry, .flowSequenceEnd]))
    return try made(.mapping(entries.entries), at: start.start)
  }

  private mutating func flowMapping(depth: Int) throws(YAMLError) -> YAMLNode {
    let start = try open(depth: depth)
    openFlows.append(start)
    defer { openFlows.removeLast() }
    var entries = MappingEntries()
    var first = true
    while true {
      var token = try scanner.peek()
      if token.kind != .flowMappingEnd {
        if !first {
          guard token.kind == .flowEntry else { throw unclosed(start, expected: "',' or '}'", found: token) }
          _ = try scanner.next()
          token = try scanner.peek()
        }
        first = false
        if token.kind == .key {
          _ = try scanner.next()
          let key = try value(
            depth: depth + 1, block: false, or: [.value, .flowEntry, .flowMappingEnd], emptyAt: token.end)
          try entries.add(
            key: key, value: try flowValue(depth: depth + 1, enders: [.flowEntry, .flowMappingEnd]))
          continue
        }
        if token.kind != .flowMappingEnd {
          let key = try node(depth: depth + 1, block: false)
          try entries.add(key: key, value: try empty(at: try scanner.peek().start))
          continue
        }
      }
      _ = try scanner.next()
      return try made(.mapping(entries.entries), at: start.start)
    }
  }

  /// The value after a key in a flow collection: after its `:`, or empty.
  private mutating func flowValue(depth: Int, enders: [YAMLToken.Kind]) throws(YAMLError) -> YAMLNode {
    let indicator = try scanner.peek()
    guard indicator.kind == .value else { return try empty(at: indicator.start) }
    _ = try scanner.next()
    return try value(depth: depth, block: false, or: enders, emptyAt: indicator.end)
  }

  /// A flow collection that goes on wrongly or not at all: the message says where it opened.
  private func unclosed(_ start: YAMLToken, expected: String, found token: YAMLToken) -> YAMLError {
    let (what, closer) = start.kind == .flowSequenceStart ? ("list", "]") : ("mapping", "}")
    return YAMLError(
      "expected \(expected) in the \(what) opened at line \(start.start.line), column "
        + "\(start.start.column) (is its '\(closer)' missing?); found \(token.found)", at: token.start)
  }
}

/// The entries of a mapping as they are read, refusing a key that is not text or comes twice.
private struct MappingEntries {
  var entries: [YAMLNode.Entry] = []
  private var lines: [String: Int] = [:]

  mutating func add(key: YAMLNode, value: YAMLNode) throws(YAMLError) {
    guard case .scalar(let text) = key.content else {
      throw YAMLError("a key must be text, not a list or a mapping", at: key.mark)
    }
    if let first = lines[text.text] {
      throw YAMLError(
        "duplicate key '\(YAMLToken.excerpt(text.text))' (first at line \(first))", at: key.mark)
    }
    lines[text.text] = key.mark.line
    entries.append(YAMLNode.Entry(key: text, keyMark: key.mark, value: value))
  }
}
