import Foundation
import Testing

/// The documentation points only at what exists: every relative link in the README and docs/
/// reaches a file (and, with `#anchor`, a heading of it), every repository path written in
/// backticks exists, and every `docs/X.md` a source file cites is there. A file moved or a
/// heading renamed fails here, not in a reader's browser.
struct DocumentationLinkTests {
  static let root = ModuleGraphTests.root

  /// The Markdown files users and contributors read.
  static var documents: [String] {
    let docs =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
    return ["README.md", "Hardware/README.md", "Tests/Kernel/README.md"]
      + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  static func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
  }

  /// `a/b/../c` → `a/c`, for links relative to a document's folder.
  static func normalized(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/") where part != "." {
      if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
    }
    return parts.joined(separator: "/")
  }

  /// The anchors GitHub makes for a document's headings: lower case, punctuation dropped,
  /// spaces as hyphens (code blocks skipped).
  static func anchors(of document: String) throws -> Set<String> {
    var found: Set<String> = []
    var inCode = false
    for line in try read(document).split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inCode.toggle() }
      guard !inCode, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
      let kept = title.unicodeScalars.filter {
        CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
      }
      found.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
    }
    return found
  }

  /// Every `](target)` of `text` that is not a URL.
  static func relativeLinks(in text: String) -> [String] {
    text.components(separatedBy: "](").dropFirst().compactMap { rest in
      guard let end = rest.firstIndex(where: { $0 == ")" || $0 == " " }) else { return nil }
      let target = String(rest[..<end])
      return target.contains("://") || target.hasPrefix("mailto:") || target.isEmpty ? nil : target
    }
  }

  /// Repository paths written in backticks (`Sources/…`, `Scripts/…`), without placeholders.
  static func quotedPaths(in text: String) -> [String] {
    let tops = [
      "Sources/", "Tests/", "Scripts/", "Hardware/", "systemd/", "debian/", "docs/", "udev/", "Fuzz/",
    ]
    return text.components(separatedBy: "`").enumerated().compactMap { index, piece in
      guard index % 2 == 1, tops.contains(where: piece.hasPrefix), !piece.contains(" ") else { return nil }
      let placeholder =
        piece.contains { "<>…*{}".contains($0) }
        || piece.split(separator: "/").contains { $0.count > 1 && $0.allSatisfy(\.isUppercase) }
      guard !placeholder else { return nil }
      return String(piece.split(separator: "#").first ?? "").split(separator: ":").first.map(String.init)
    }
  }

  @Test func everyRelativeLinkReachesAFileAndItsHeading() throws {
    var checked = 0
    for document in Self.documents {
      let folder = (document as NSString).deletingLastPathComponent
      for link in Self.relativeLinks(in: try Self.read(document)) {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = parts[0].isEmpty ? document : Self.normalized(folder + "/" + parts[0])
        checked += 1
        guard Self.exists(file) else {
          Issue.record("\(document): link to \(link): no file \(file)")
          continue
        }
        if parts.count == 2, file.hasSuffix(".md"), !(try Self.anchors(of: file)).contains(String(parts[1])) {
          Issue.record("\(document): link to \(link): \(file) has no heading #\(parts[1])")
        }
      }
    }
    #expect(checked > 30, "the link finder found only \(checked) links")
  }

  @Test func everyQuotedPathExists() throws {
    var checked = 0
    for document in Self.documents {
      for path in Self.quotedPaths(in: try Self.read(document)) {
        checked += 1
        // A type's name stands for its file: `Tests/NixieBoardModelTests/LinkedCathodesTests`.
        if !Self.exists(path) && !Self.exists(path + ".swift") {
          Issue.record("\(document): `\(path)` does not exist")
        }
      }
    }
    #expect(checked > 30, "the path finder found only \(checked) paths")
  }

  @Test func everyDocumentASourceCitesExists() throws {
    let sources = Self.root.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    var checked = 0
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for piece in text.components(separatedBy: "docs/").dropFirst() {
        let name = piece.prefix { $0.isLetter || $0 == "." || $0 == "-" || $0 == "_" }
        guard name.hasSuffix(".md") else { continue }
        checked += 1
        if !Self.exists("docs/" + name) {
          Issue.record("Sources/\(file) cites docs/\(name), which does not exist")
        }
      }
    }
    #expect(checked > 10, "the citation finder found only \(checked) citations")
  }

  @Test func theFindersFindWhatTheyShould() throws {
    #expect(
      Self.relativeLinks(in: "see [a](docs/A.md#b) and [c](https://x.org) [d](#e)") == ["docs/A.md#b", "#e"])
    #expect(
      Self.quotedPaths(in: "`Sources/X.swift:12` `Fuzz/Corpus/TARGET` `nixie show`") == ["Sources/X.swift"])
    #expect(Self.normalized("docs/../README.md") == "README.md")
    #expect(try Self.anchors(of: "README.md").contains("install-on-a-raspberry-pi"))
  }
}
