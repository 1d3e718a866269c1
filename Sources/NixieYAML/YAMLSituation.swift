/// Where the composer was when libyaml stopped, for the messages that depend on it.
struct YAMLSituation {
  /// The innermost `[` or `{` still open: whether it is a list, and where it opened.
  var openFlow: (list: Bool, mark: YAMLMark)?
  /// Whether the document ended with `...`.
  var afterExplicitEnd = false
  /// Whether nothing of a document has been read yet.
  var beforeDocument = true
}
