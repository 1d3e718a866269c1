import NixieText
import NixieYAML

/// A node of a YAML file (a board profile, the clock's configuration, web.yaml, mqtt.yaml)
/// with what it takes to complain about it: the file, the line and column, and a path such as
/// `display[2].cathodes` for the message. Errors are `YAMLFileError`s (`file:line:column`).
/// The YAML tree stays inside: readers ask for text, lists and mappings.
public struct ProfileNode {
  let node: YAMLNode
  public let file: String
  public let path: String
  /// Where the key this node is the value of starts: errors about a whole section point at
  /// its key.
  let keyMark: YAMLMark?

  init(node: YAMLNode, file: String, path: String, keyMark: YAMLMark? = nil) {
    self.node = node
    self.file = file
    self.path = path
    self.keyMark = keyMark
  }

  /// The root node of `yaml` (nil for an empty document); syntax errors carry file and line.
  public static func root(yaml: String, file: String) throws(YAMLFileError) -> ProfileNode? {
    try root(bytes: Array(yaml.utf8), file: file)
  }

  /// The root node of the UTF-8 text `bytes`; invalid UTF-8 is a syntax error with its place.
  public static func root(bytes: [UInt8], file: String) throws(YAMLFileError) -> ProfileNode? {
    do {
      return try YAMLParser().parse(bytes).map { ProfileNode(node: $0, file: file, path: "") }
    } catch {
      throw YAMLFileError(
        file: file, line: error.line, column: error.column, message: "YAML syntax: \(error.message)")
    }
  }

  /// The place errors about this node point at: its key if it has one, else the value.
  public var line: Int { (keyMark ?? node.mark).line }
  public var column: Int { (keyMark ?? node.mark).column }

  /// Where the value itself starts (for a value that is checked later, such as a face).
  public var valueLine: Int { node.mark.line }
  public var valueColumn: Int { node.mark.column }

  /// The column the scalar's text starts at: after the quote of a quoted scalar (for a place
  /// inside the text, such as a tune's note).
  public var textColumn: Int {
    switch node.scalar?.style {
    case .singleQuoted?, .doubleQuoted?: valueColumn + 1
    default: valueColumn
    }
  }

  /// The text of a scalar; nil for a list or a mapping.
  public var text: String? { node.scalar?.text }

  public func error(_ message: String) -> YAMLFileError {
    YAMLFileError(file: file, line: line, column: column, message: message)
  }

  /// The `where` part of messages: `in display[2]` (or nothing at the top level).
  public var place: String { path.isEmpty ? "at the top level" : "in \(path)" }

  /// The mapping's entries in file order, after checking every key is one of `allowed`.
  public func mapping(allowed: [String]) throws(YAMLFileError) -> [(key: String, node: ProfileNode)] {
    guard case .mapping(let mapping) = node.content else {
      throw error("\(path.isEmpty ? "the file" : path) must be a mapping of keys to values")
    }
    var entries: [(key: String, node: ProfileNode)] = []
    for entry in mapping {
      let key = entry.key.text
      guard allowed.contains(key) else {
        var message = "unknown key '\(key)' \(place)"
        if let guess = Suggestion.closest(to: key, in: allowed) {
          message += " (did you mean '\(guess)'?)"
        }
        throw YAMLFileError(
          file: file, line: entry.keyMark.line, column: entry.keyMark.column,
          message: message + "; allowed: " + allowed.joined(separator: ", "))
      }
      let childPath = path.isEmpty ? key : path + "." + key
      entries.append(
        (key, ProfileNode(node: entry.value, file: file, path: childPath, keyMark: entry.keyMark)))
    }
    return entries
  }

  /// A mapping whose keys are data rather than names (a curve's lux values), in file order;
  /// each value's errors point at its key.
  public func entries() throws(YAMLFileError) -> [(key: String, node: ProfileNode)] {
    guard case .mapping(let mapping) = node.content else {
      throw error("\(path.isEmpty ? "the file" : path) must be a mapping")
    }
    return mapping.map { entry in
      let childPath = path.isEmpty ? entry.key.text : path + "." + entry.key.text
      return (
        entry.key.text, ProfileNode(node: entry.value, file: file, path: childPath, keyMark: entry.keyMark)
      )
    }
  }

  /// The mapping's values by key, checking keys and that every `required` key is present.
  public func fields(allowed: [String], required: [String] = []) throws(YAMLFileError) -> Fields {
    let entries = try mapping(allowed: allowed)
    for key in required where !entries.contains(where: { $0.key == key }) {
      throw error("missing key '\(key)' \(place)")
    }
    return Fields(owner: self, entries: entries)
  }

  /// A mapping's values, looked up by key.
  public struct Fields {
    public let owner: ProfileNode
    public let entries: [(key: String, node: ProfileNode)]

    public subscript(key: String) -> ProfileNode? { entries.first { $0.key == key }?.node }
  }

  public func sequence() throws(YAMLFileError) -> [ProfileNode] {
    guard case .sequence(let sequence) = node.content else { throw error("\(path) must be a list") }
    return sequence.enumerated().map { index, node in
      ProfileNode(node: node, file: file, path: "\(path)[\(index)]")
    }
  }

  public func string() throws(YAMLFileError) -> String {
    guard let text else { throw error("\(path) must be a text value") }
    return text
  }

  /// One of two words, each standing for a value (`pull-up` or `none`); anything else is
  /// "PATH must be FIRST or SECOND", the words in the order given.
  public func either<Value>(_ first: (String, Value), or second: (String, Value)) throws(YAMLFileError)
    -> Value
  {
    switch try string() {
    case first.0: return first.1
    case second.0: return second.1
    default: throw error("\(path) must be \(first.0) or \(second.0)")
    }
  }

  /// A level written `high` or `low`: true for high.
  public func isHigh() throws(YAMLFileError) -> Bool { try either(("low", false), or: ("high", true)) }

  /// A bias written `pull-up` or `none`: true for a pull-up.
  public func isPullUp() throws(YAMLFileError) -> Bool { try either(("pull-up", true), or: ("none", false)) }

  /// An integer written in decimal or as `0x` hexadecimal, within `range`.
  public func int(in range: ClosedRange<Int> = 0...Int(Int32.max)) throws(YAMLFileError) -> Int {
    let text = try string()
    let value: Int? =
      text.lowercased().hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : Int(text)
    guard let value else { throw error("\(path) must be a whole number, not \(Printable.quoted(text))") }
    guard range.contains(value) else {
      throw error("\(path) must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
    }
    return value
  }

  public func bool() throws(YAMLFileError) -> Bool {
    switch try string().lowercased() {
    case "true", "yes", "on": return true
    case "false", "no", "off": return false
    default: throw error("\(path) must be true or false")
    }
  }
}
