/// Builds the nodes of a document from libyaml's events, adding what nixie asks of its files:
/// one document, no anchors, aliases, tags, directives or explicit keys, text keys that appear
/// once per mapping, bounded nesting and size, every node with its line and column, and every
/// problem in nixie's words at its place. Absent values (`key:`, `- `) are empty plain
/// scalars placed just after their indicator, as PyYAML places them.
struct YAMLComposer {
  private let parser: LibYAMLParser
  private var positions: YAMLPositions
  private let maximumDepth: Int
  private let maximumNodes: Int
  private var nodeCount = 0
  /// The collections being read, innermost last.
  private var open: [Collection] = []
  private var root: YAMLNode?
  private var situation = YAMLSituation()
  /// Where the previous event ended: what lies between it and the next is not in the events.
  private var previousEnd = 0

  /// A sequence (its `items`) or mapping (its `entries`) being read.
  private struct Collection {
    var mark: YAMLMark
    var flow: Bool
    var items: [YAMLNode]?
    var entries: MappingEntries?
    /// A mapping's key that waits for its value.
    var key: YAMLNode?

    var awaitsKey: Bool { entries != nil && key == nil }
  }

  init(text: [UInt8], maximumDepth: Int, maximumNodes: Int) {
    parser = LibYAMLParser(text)
    positions = YAMLPositions(text)
    self.maximumDepth = maximumDepth
    self.maximumNodes = maximumNodes
  }

  /// The one document of the text, or nil if there is none.
  mutating func document() throws(YAMLError) -> YAMLNode? {
    while true {
      let event: YAMLEvent
      switch parser.nextEvent() {
      case .success(let next): event = next
      case .failure(let problem): throw problem.error(&positions, situation)
      }
      // A mapping's first key follows its start: a '?' there (where a pair inside [ ] starts)
      // must be seen.
      defer { previousEnd = if case .mappingStart = event.kind { event.start } else { event.end } }
      switch event.kind {
      case .streamStart: continue
      case .streamEnd: return root
      case .documentStart(let hasDirectives):
        if hasDirectives { throw YAMLError.directives(at: mark(event.start)) }
        if !situation.beforeDocument {
          throw YAMLError(
            "a second document: nixie's files hold one (remove this '---')", at: mark(event.start))
        }
      case .documentEnd(let explicit): situation.afterExplicitEnd = explicit
      case .alias: throw YAMLError.unsupported("aliases ('*name')", at: mark(event.start))
      case .scalar(let scalar): try add(scalar, event)
      case .sequenceStart(let flow): try begin(event, flow: flow, mapping: false)
      case .mappingStart(let flow): try begin(event, flow: flow, mapping: true)
      case .sequenceEnd, .mappingEnd:
        guard let collection = open.popLast() else { continue }
        updateOpenFlow()
        let content: YAMLNode.Content =
          collection.entries.map { .mapping($0.entries) } ?? .sequence(collection.items ?? [])
        try add(try made(content, at: collection.mark))
      }
    }
  }

  /// Refuses what a node starting with `event` carries that nixie's files do not use: an
  /// anchor, a tag, a `?` before a key.
  private mutating func checkStart(of event: YAMLEvent) throws(YAMLError) {
    situation.beforeDocument = false
    if event.hasAnchor { throw YAMLError.unsupported("anchors ('&name')", at: mark(event.start)) }
    if event.hasTag { throw YAMLError.unsupported("tags ('!tag')", at: mark(event.start)) }
    if open.last?.awaitsKey == true, let question = positions.gap(from: previousEnd, to: event.start).question
    {
      throw YAMLError.explicitKey(at: question)
    }
  }

  /// A scalar; an absent value (libyaml's empty plain scalar) is placed just after its ':'.
  private mutating func add(_ scalar: YAMLScalar, _ event: YAMLEvent) throws(YAMLError) {
    try checkStart(of: event)
    let absent = scalar.text.isEmpty && scalar.style == .plain && event.start == event.end
    let afterColon =
      absent && open.last?.key != nil ? positions.gap(from: previousEnd, to: event.start).afterColon : nil
    try add(try made(.scalar(scalar), at: afterColon ?? mark(event.start)))
  }

  /// Opens a sequence or mapping, within the nesting limit.
  private mutating func begin(_ event: YAMLEvent, flow: Bool, mapping: Bool) throws(YAMLError) {
    try checkStart(of: event)
    let at = mark(event.start)
    guard open.count < maximumDepth else {
      throw YAMLError("the text nests deeper than \(maximumDepth) levels", at: at)
    }
    open.append(
      Collection(mark: at, flow: flow, items: mapping ? nil : [], entries: mapping ? MappingEntries() : nil))
    updateOpenFlow()
  }

  /// Puts a finished node where it belongs: the root, a list's next item, a mapping's key or
  /// its value.
  private mutating func add(_ node: YAMLNode) throws(YAMLError) {
    guard var collection = open.popLast() else {
      root = node
      return
    }
    if collection.items != nil {
      collection.items?.append(node)
    } else if let key = collection.key {
      try collection.entries?.add(key: key, value: node)
      collection.key = nil
    } else {
      collection.key = node
    }
    open.append(collection)
  }

  private mutating func made(_ content: YAMLNode.Content, at mark: YAMLMark) throws(YAMLError) -> YAMLNode {
    guard nodeCount < maximumNodes else {
      throw YAMLError("the text holds more than \(maximumNodes) values", at: mark)
    }
    nodeCount += 1
    return YAMLNode(content, at: mark)
  }

  private mutating func updateOpenFlow() {
    situation.openFlow = open.last(where: \.flow).map { ($0.items != nil, $0.mark) }
  }

  private mutating func mark(_ index: Int) -> YAMLMark { positions.mark(index) }
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
        "duplicate key '\(LibYAMLToken.excerpt(text.text))' (first at line \(first))", at: key.mark)
    }
    lines[text.text] = key.mark.line
    entries.append(YAMLNode.Entry(key: text, keyMark: key.mark, value: value))
  }
}
