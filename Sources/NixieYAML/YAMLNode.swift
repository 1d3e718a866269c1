/// A node of a YAML document: a text, a list of nodes, or a mapping from text keys to nodes,
/// with the place where it starts, so that a reader can point at a value it refuses.
public struct YAMLNode: Hashable, Sendable {
  /// What the node holds.
  public enum Content: Hashable, Sendable {
    case scalar(YAMLScalar)
    case sequence([YAMLNode])
    /// The entries in the order of the file; no key appears twice.
    case mapping([Entry])
  }

  /// One `key: value` of a mapping. Keys are always text.
  public struct Entry: Hashable, Sendable {
    public let key: YAMLScalar
    /// Where the key starts.
    public let keyMark: YAMLMark
    public let value: YAMLNode

    public init(key: YAMLScalar, keyMark: YAMLMark, value: YAMLNode) {
      self.key = key
      self.keyMark = keyMark
      self.value = value
    }
  }

  public let content: Content
  /// Where the node starts: its first character, or for an absent value the place just
  /// after the indicator that called for it.
  public let mark: YAMLMark

  public init(_ content: Content, at mark: YAMLMark) {
    self.content = content
    self.mark = mark
  }

  /// The text of a scalar; nil for a sequence or mapping.
  public var scalar: YAMLScalar? {
    guard case .scalar(let scalar) = content else { return nil }
    return scalar
  }
}
