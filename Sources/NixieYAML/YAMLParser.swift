/// Reads one YAML document into a tree of `YAMLNode`s, every node and key with its line and
/// column, refusing what nixie's files have no use for (anchors, aliases, tags, several
/// documents, duplicate keys) with the place of the problem.
///
/// libyaml reads the text (`YAMLComposer` builds the tree from its events). Everything stays
/// text (`YAMLScalar`), as with PyYAML's `BaseLoader`: the reader of the tree decides what a
/// value means. The work is linear in the length of the text and bounded: the caller limits
/// the text's size, the parser the nesting and the number of nodes.
public struct YAMLParser: Sendable {
  /// How deeply collections may nest.
  public var maximumDepth: Int
  /// How many nodes (keys included) a document may hold.
  public var maximumNodes: Int

  public init(maximumDepth: Int = 64, maximumNodes: Int = 10_000) {
    self.maximumDepth = maximumDepth
    self.maximumNodes = maximumNodes
  }

  /// The document's root node; nil for a text with no document (empty, or comments only).
  public func parse(_ text: String) throws(YAMLError) -> YAMLNode? {
    try parse(Array(text.utf8))
  }

  /// The document in the UTF-8 `bytes` (a byte order mark first is skipped); nil for a text
  /// with no document.
  public func parse(_ bytes: [UInt8]) throws(YAMLError) -> YAMLNode? {
    let text = YAMLText.blankLineTabsAsSpaces(try YAMLText.checked(bytes))
    var composer = YAMLComposer(text: text, maximumDepth: maximumDepth, maximumNodes: maximumNodes)
    return try composer.document()
  }
}
