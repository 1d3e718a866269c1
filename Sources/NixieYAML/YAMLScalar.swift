/// A text value of a YAML document, with how it was written. Every scalar stays text: `10`,
/// `true` and `~` are the strings "10", "true" and "~", for the reader of the document to
/// interpret.
public struct YAMLScalar: Hashable, Sendable {
  /// How the text was written in the file.
  public enum Style: String, Hashable, Sendable, CaseIterable {
    /// Unquoted, including an absent value (`key:`), which is the empty plain text.
    case plain
    /// `'text'`
    case singleQuoted = "single-quoted"
    /// `"text"`, with backslash escapes.
    case doubleQuoted = "double-quoted"
    /// A `|` block: line breaks kept.
    case literal
    /// A `>` block: lines folded into one.
    case folded
  }

  /// The value, after folding lines and replacing escapes.
  public let text: String
  public let style: Style

  public init(_ text: String, style: Style = .plain) {
    self.text = text
    self.style = style
  }
}
