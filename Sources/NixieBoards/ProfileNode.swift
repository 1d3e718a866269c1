import Yams

/// A node of a YAML file (a board profile, the clock's configuration) with what it takes to
/// complain about it: the file, the line and column, and a path such as
/// `display[2].cathodes` for the message. Errors are `BoardFileError`s (`file:line:column`).
public struct ProfileNode {
  public let node: Node
  public let file: String
  public let path: String
  /// The key this node is the value of: errors about a whole section point at its key.
  public var key: Node? = nil

  public init(node: Node, file: String, path: String, key: Node? = nil) {
    self.node = node
    self.file = file
    self.path = path
    self.key = key
  }

  /// The root node of `yaml` (nil for an empty document); syntax errors carry file and line.
  public static func root(yaml: String, file: String) throws(BoardFileError) -> ProfileNode? {
    do {
      return try Yams.compose(yaml: yaml).map { ProfileNode(node: $0, file: file, path: "") }
    } catch {
      throw syntaxError(error, file: file)
    }
  }

  private static func syntaxError(_ error: any Error, file: String) -> BoardFileError {
    switch error as? YamlError {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
      .composer(_, let problem, let mark, _):
      return BoardFileError(
        file: file, line: mark.line, column: mark.column, message: "YAML syntax: \(problem)")
    case .duplicatedKeysInMapping(let duplicates, let context):
      return BoardFileError(
        file: file, line: context.mark.line, column: context.mark.column,
        message: "duplicate key '\(duplicates.joined(separator: "', '"))'")
    default:
      return BoardFileError(file: file, line: nil, column: nil, message: "YAML: \(error)")
    }
  }

  public var line: Int? { (key ?? node).mark?.line }
  public var column: Int? { (key ?? node).mark?.column }

  public func error(_ message: String) -> BoardFileError {
    BoardFileError(file: file, line: line, column: column, message: message)
  }

  /// The `where` part of messages: `in display[2]` (or nothing at the top level).
  public var place: String { path.isEmpty ? "at the top level" : "in \(path)" }

  private func child(_ node: Node, _ suffix: String, key: Node) -> ProfileNode {
    ProfileNode(node: node, file: file, path: path.isEmpty ? suffix : path + "." + suffix, key: key)
  }

  /// The mapping's entries in file order, after checking every key is one of `allowed`.
  public func mapping(allowed: [String]) throws(BoardFileError) -> [(key: String, node: ProfileNode)] {
    guard case .mapping(let mapping) = node else {
      throw error("\(path.isEmpty ? "the file" : path) must be a mapping of keys to values")
    }
    var entries: [(key: String, node: ProfileNode)] = []
    for (keyNode, valueNode) in mapping {
      let keyText = keyNode.scalar?.string ?? ""
      let key = ProfileNode(node: keyNode, file: file, path: path)
      guard allowed.contains(keyText) else {
        var message = "unknown key '\(keyText)' \(place)"
        if let guess = Self.closest(to: keyText, in: allowed) {
          message += " (did you mean '\(guess)'?)"
        }
        throw key.error(message + "; allowed: " + allowed.joined(separator: ", "))
      }
      entries.append((keyText, child(valueNode, keyText, key: keyNode)))
    }
    return entries
  }

  /// The mapping's values by key, checking keys and that every `required` key is present.
  public func fields(allowed: [String], required: [String] = []) throws(BoardFileError) -> Fields {
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

  public func sequence() throws(BoardFileError) -> [ProfileNode] {
    guard case .sequence(let sequence) = node else { throw error("\(path) must be a list") }
    return sequence.enumerated().map { index, node in
      ProfileNode(node: node, file: file, path: "\(path)[\(index)]")
    }
  }

  public func string() throws(BoardFileError) -> String {
    guard case .scalar(let scalar) = node else { throw error("\(path) must be a text value") }
    return scalar.string
  }

  /// An integer written in decimal or as `0x` hexadecimal, within `range`.
  public func int(in range: ClosedRange<Int> = 0...Int(Int32.max)) throws(BoardFileError) -> Int {
    let text = try string()
    let value: Int? =
      text.lowercased().hasPrefix("0x") ? Int(text.dropFirst(2), radix: 16) : Int(text)
    guard let value else { throw error("\(path) must be a whole number, not '\(text)'") }
    guard range.contains(value) else {
      throw error("\(path) must be between \(range.lowerBound) and \(range.upperBound), not \(value)")
    }
    return value
  }

  public func bool() throws(BoardFileError) -> Bool {
    switch try string().lowercased() {
    case "true", "yes", "on": return true
    case "false", "no", "off": return false
    default: throw error("\(path) must be true or false")
    }
  }

  /// The candidate closest to `text` by edit distance, if close enough to be a typo.
  public static func closest(to text: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, distance(Array(text.lowercased()), Array($0.lowercased()))) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, best.0.count / 3) else {
      return nil
    }
    return best.0
  }

  /// Edits between two words, a swap of neighbours counting as one (optimal string alignment).
  private static func distance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[a.count][b.count]
  }

}
