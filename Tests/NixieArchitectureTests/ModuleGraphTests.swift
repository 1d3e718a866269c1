import Foundation
import Testing

/// The module graph is the one docs/ARCHITECTURE.md draws: every module in Sources/ has a row
/// in its table, and every `import` in a module's sources is one its row allows.
struct ModuleGraphTests {
  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Module name → the modules its sources may import, read from the table.
  static func allowedImports() throws -> [String: Set<String>] {
    let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    // The table of the "## Modules" section: up to the next heading.
    let section =
      text.components(separatedBy: "\n## Modules\n").dropFirst().first?
      .components(separatedBy: "\n## ").first ?? ""
    var table: [String: Set<String>] = [:]
    for line in section.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count >= 5 else { continue }
      let module = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let allowed = cells[3].split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      }.filter { !$0.isEmpty && $0 != "—" }
      table[module] = Set(allowed)
    }
    return table
  }

  /// Module name → (file, imported module) for every import in its sources.
  static func imports() throws -> [String: [(file: String, module: String)]] {
    let sources = root.appendingPathComponent("Sources")
    var found: [String: [(String, String)]] = [:]
    for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
      let folder = sources.appendingPathComponent(module)
      guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
      found[module] = []
      for case let path as String in walker
      where path.hasSuffix(".swift") || path.hasSuffix(".c") || path.hasSuffix(".h") {
        let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ").map(String.init)
          guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
            words[..<index].allSatisfy({
              $0.hasPrefix("@") || ["internal", "public", "private"].contains($0)
            })
          else { continue }
          found[module, default: []].append((path, words[index + 1]))
        }
      }
    }
    return found
  }

  @Test func everyModuleHasARowAndEveryRowAModule() throws {
    let table = try Self.allowedImports()
    let modules = Set(try Self.imports().keys)
    #expect(modules.subtracting(table.keys).isEmpty, "no row in docs/ARCHITECTURE.md for these")
    #expect(Set(table.keys).subtracting(modules).isEmpty, "rows for modules that do not exist")
  }

  @Test func everyImportIsOneTheTableAllows() throws {
    let table = try Self.allowedImports()
    for (module, imports) in try Self.imports() {
      let allowed = table[module] ?? []
      for (file, imported) in imports where !allowed.contains(imported) {
        Issue.record(
          "Sources/\(module)/\(file) imports \(imported), which docs/ARCHITECTURE.md does not allow")
      }
    }
  }

  @Test func theCoreImportsNothing() throws {
    let imports = try Self.imports()
    #expect(imports["NixieCore"]?.isEmpty == true)
    #expect(imports["NixieInput"]?.map(\.module).allSatisfy { $0 == "NixieCore" } == true)
  }
}
