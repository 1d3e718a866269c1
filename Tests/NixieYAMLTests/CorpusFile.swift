import Foundation
import NixieYAML
import Testing

/// A YAML file the oracle test reads, and what it expects of NixieYAML and of PyYAML, from
/// the file's own header comments:
///
///     # error: LINE:COLUMN TEXT       NixieYAML refuses the file there, with TEXT in the message
///     # pyyaml: refuses, WHY          we read it, PyYAML does not (libyaml must agree with us)
///     # pyyaml: accepts, WHY          we refuse it, PyYAML reads it
///     # pyyaml: elsewhere, WHY        both refuse it, at different places
///
/// Without a `pyyaml:` line PyYAML must agree: the same tree, or a refusal whose problem or
/// context mark is our place.
struct CorpusFile: Sendable, CustomTestStringConvertible {
  enum PyYAMLVerdict: Sendable, Equatable {
    case same
    case refuses(String)
    case accepts(String)
    case elsewhere(String)
  }

  /// The path relative to the repository, for messages.
  let name: String
  let path: String
  let bytes: [UInt8]
  let expectedError: (mark: YAMLMark, text: String)?
  let pyyaml: PyYAMLVerdict

  var testDescription: String { name }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The shipped files, the kernel tests' boards and the hand-written corpus.
  static let all: [CorpusFile] = {
    let folders = [
      "Hardware/boards", "Tests/Kernel/boards", "Tests/NixieYAMLTests/Corpus",
    ]
    var names = ["systemd/nixie.yaml.example"]
    for folder in folders {
      let files =
        (try? FileManager.default.contentsOfDirectory(
          atPath: repository.appendingPathComponent(folder).path)) ?? []
      names += files.filter { $0.hasSuffix(".yaml") }.sorted().map { folder + "/" + $0 }
    }
    return names.map(CorpusFile.init(name:))
  }()

  init(name: String) {
    self.name = name
    path = Self.repository.appendingPathComponent(name).path
    bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
    var expectedError: (YAMLMark, String)?
    var pyyaml = PyYAMLVerdict.same
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(3) {
      if let rest = line.dropping(prefix: "# error: ") {
        let place = rest.prefix { $0 != " " }.split(separator: ":").compactMap { Int($0) }
        if place.count == 2 {
          expectedError = (
            YAMLMark(line: place[0], column: place[1]), String(rest.drop { $0 != " " }.dropFirst())
          )
        }
      } else if let rest = line.dropping(prefix: "# pyyaml: ") {
        let verdict = rest.prefix { $0 != "," }
        let why = String(rest.drop { $0 != "," }.dropFirst().drop { $0 == " " })
        switch verdict {
        case "refuses": pyyaml = .refuses(why)
        case "accepts": pyyaml = .accepts(why)
        case "elsewhere": pyyaml = .elsewhere(why)
        default: break
        }
      }
    }
    self.expectedError = expectedError
    self.pyyaml = pyyaml
  }

  /// What NixieYAML makes of the file, as the oracle script reads it.
  var ours: [String: Any] {
    do {
      let root = try YAMLParser().parse(bytes)
      return ["tree": root.map(Self.json) ?? NSNull()]
    } catch {
      return ["error": [error.line, error.column, error.message] as [Any]]
    }
  }

  /// A node as the oracle script writes PyYAML's: marks, scalars with their style, and
  /// mappings as lists of [key, value] pairs.
  static func json(_ node: YAMLNode) -> [String: Any] {
    let mark = [node.mark.line, node.mark.column]
    switch node.content {
    case .scalar(let scalar): return ["mark": mark, "scalar": scalar.text, "style": scalar.style.rawValue]
    case .sequence(let items): return ["mark": mark, "sequence": items.map(json)]
    case .mapping(let entries):
      return [
        "mark": mark,
        "mapping": entries.map { entry -> [Any] in
          let key: [String: Any] = [
            "mark": [entry.keyMark.line, entry.keyMark.column], "scalar": entry.key.text,
            "style": entry.key.style.rawValue,
          ]
          return [key, json(entry.value)]
        },
      ]
    }
  }
}

extension Substring {
  fileprivate func dropping(prefix: String) -> Substring? {
    hasPrefix(prefix) ? dropFirst(prefix.count) : nil
  }
}
