import Foundation
import Testing

/// No function in Sources/ is over 80 lines, from its declaration to its closing brace (a
/// string asset is not a function): a longer one does several things, each of which wants a
/// name (docs/ARCHITECTURE.md, "Rules that keep it simple").
struct FunctionLengthTests {
  static let limit = 80

  /// The code of each line of `text`: comments and the insides of string literals (one-line
  /// and multi-line) left out, so their braces do not count.
  static func code(of text: String) -> [String] {
    var inMultiline = false
    var inBlockComment = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var kept = ""
      var rest = Substring(line)
      while !rest.isEmpty {
        if inBlockComment {
          guard let end = rest.range(of: "*/") else { return kept }
          inBlockComment = false
          rest = rest[end.upperBound...]
        } else if inMultiline {
          guard let end = rest.range(of: "\"\"\"") else { return kept }
          inMultiline = false
          rest = rest[end.upperBound...]
        } else if rest.hasPrefix("//") {
          return kept
        } else if rest.hasPrefix("/*") {
          inBlockComment = true
          rest = rest.dropFirst(2)
        } else if rest.hasPrefix("\"\"\"") {
          inMultiline = true
          rest = rest.dropFirst(3)
        } else if rest.hasPrefix("\"") {
          rest = skipString(rest.dropFirst())
        } else {
          kept.append(rest.removeFirst())
        }
      }
      return kept
    }
  }

  /// `text` after the one-line string literal it starts inside of (interpolations included).
  static func skipString(_ text: Substring) -> Substring {
    var rest = text
    var depth = 0
    while let character = rest.first {
      rest = rest.dropFirst()
      switch character {
      case "\\" where rest.first == "(": depth += 1; rest = rest.dropFirst()
      case "\\": rest = rest.dropFirst()
      case "(" where depth > 0: depth += 1
      case ")" where depth > 0: depth -= 1
      case "\"" where depth == 0: return rest
      default: break
      }
    }
    return rest
  }

  /// Whether `line` declares a function, an initializer or a subscript.
  static func declares(_ line: String) -> Bool {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "<" })
    return words.contains { $0 == "func" || $0 == "subscript" || $0 == "init" || $0 == "init?" }
      && !line.trimmingCharacters(in: .whitespaces).hasPrefix("let ")
  }

  /// Each function of `text` longer than `limit` lines: its first line (1-based) and length.
  static func longFunctions(in text: String, limit: Int = limit) -> [(line: Int, length: Int)] {
    let lines = code(of: text)
    var found: [(Int, Int)] = []
    for (start, line) in lines.enumerated() where declares(line) {
      var depth = 0
      var opened = false
      for end in start..<lines.count {
        for character in lines[end] {
          if character == "{" { (depth, opened) = (depth + 1, true) }
          if character == "}" { depth -= 1 }
        }
        if opened && depth <= 0 {
          if end - start + 1 > limit { found.append((start + 1, end - start + 1)) }
          break
        }
      }
    }
    return found
  }

  @Test func noFunctionInSourcesIsOverTheLimit() throws {
    let files = try BackendSeamTests.sources()
    #expect(files.count > 100)
    for file in files {
      for function in Self.longFunctions(in: file.text) {
        Issue.record(
          "\(file.path):\(function.line): a function of \(function.length) lines, over \(Self.limit)")
      }
    }
  }

  /// Each function is found with its length, from its declaration to its closing brace; braces
  /// in strings, comments and a string asset do not count.
  @Test func theCounterCountsCodeOnly() {
    let body = Array(repeating: "    x += 1 // {", count: 5).joined(separator: "\n")
    let text = """
      func short() {
        let brace = "}"
      \(body)
      }

      func long() {
        let asset = \"\"\"
          } } }
          \"\"\"
      \(body)
        /* } */
      }
      """
    #expect(Self.longFunctions(in: text, limit: 7).map(\.line) == [1, 10])
    #expect(Self.longFunctions(in: text, limit: 7).map(\.length) == [8, 11])
    #expect(Self.longFunctions(in: text, limit: 10).map(\.line) == [10])
    #expect(Self.longFunctions(in: text, limit: 11).isEmpty)
  }
}
