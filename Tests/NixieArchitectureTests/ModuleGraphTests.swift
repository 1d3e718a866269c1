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
          if let imported = importedModule(line) { found[module, default: []].append((path, imported)) }
        }
      }
    }
    return found
  }

  /// The modifiers an import may carry: attributes (`@testable`, `@_implementationOnly`) and
  /// access levels.
  static let importModifiers: Set<String> = [
    "internal", "public", "private", "fileprivate", "package", "open",
  ]

  /// The module a line of source imports (`import X`, `package import X`, `import struct X.Y`,
  /// indented by spaces or tabs), or nil when it imports nothing.
  static func importedModule(_ line: Substring) -> String? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
      words[..<index].allSatisfy({ $0.hasPrefix("@") || importModifiers.contains($0) })
    else { return nil }
    let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
    let path =
      kinds.contains(words[index + 1]) && index + 2 < words.count ? words[index + 2] : words[index + 1]
    return path.split(separator: ".").first.map(String.init)
  }

  /// Target name → the targets and products it depends on, from Package.swift: each
  /// `.target(`, `.executableTarget(`, `.systemLibrary(` and `.testTarget(` with its `name:`
  /// and `dependencies: [...]` (a `.product(name: X, …)` counts as X).
  static func packageDependencies() throws -> [String: Set<String>] {
    let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var targets: [String: Set<String>] = [:]
    for opener in [".target(", ".executableTarget(", ".systemLibrary(", ".testTarget("] {
      var rest = text[...]
      while let start = rest.range(of: opener) {
        let body = balanced(rest[start.upperBound...], open: "(", close: ")")
        rest = rest[start.upperBound...]
        guard let name = firstQuoted(after: "name:", in: body) else { continue }
        var dependencies: Set<String> = []
        if let list = body.range(of: "dependencies: [") {
          let items = balanced(body[list.upperBound...], open: "[", close: "]")
          var remaining = items
          while let product = remaining.range(of: ".product(") {
            let arguments = balanced(remaining[product.upperBound...], open: "(", close: ")")
            if let productName = firstQuoted(after: "name:", in: arguments) {
              dependencies.insert(productName)
            }
            remaining.replaceSubrange(product.lowerBound..<arguments.endIndex, with: "")
          }
          dependencies.formUnion(
            remaining.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter {
              $0.offset % 2 == 1
            }.map {
              String($0.element)
            })
        }
        targets[name] = dependencies
      }
    }
    return targets
  }

  /// The text after an opening bracket up to its matching closing one.
  static func balanced(_ text: Substring, open: Character, close: Character) -> Substring {
    var depth = 1
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == open { depth += 1 }
      if text[index] == close {
        depth -= 1
        if depth == 0 { break }
      }
      index = text.index(after: index)
    }
    return text[text.startIndex..<index]
  }

  /// The first string literal after `label` in `text`.
  static func firstQuoted(after label: String, in text: Substring) -> String? {
    guard let at = text.range(of: label) else { return nil }
    let parts = text[at.upperBound...].split(separator: "\"", omittingEmptySubsequences: false)
    return parts.count >= 2 ? String(parts[1]) : nil
  }

  @Test func importsAreFoundHoweverTheyAreWritten() {
    #expect(Self.importedModule("import NixieCore") == "NixieCore")
    #expect(Self.importedModule("\timport NixieCore") == "NixieCore")
    #expect(Self.importedModule("  package import NixieSystem") == "NixieSystem")
    #expect(Self.importedModule("fileprivate import Glibc") == "Glibc")
    #expect(Self.importedModule("@testable internal import NixieClock") == "NixieClock")
    #expect(Self.importedModule("import struct NixieCore.DisplayState") == "NixieCore")
    #expect(Self.importedModule("// import NixieWeb") == nil)
    #expect(Self.importedModule("let important = 1") == nil)
  }

  /// The table and Package.swift agree: each module's dependencies in Package.swift are the
  /// modules of its row that the package builds or brings (Glibc and Synchronization come
  /// with the toolchain and are not listed there).
  @Test func theTableIsThePackagesDependencies() throws {
    let table = try Self.allowedImports()
    let package = try Self.packageDependencies()
    let built = Set(package.keys).union(package.values.flatMap { $0 })
    #expect(package["NixieCLI"]?.contains("ArgumentParser") == true, "Package.swift was not read")
    for (module, allowed) in table {
      guard let dependencies = package[module] else {
        Issue.record("docs/ARCHITECTURE.md has a row for \(module), Package.swift no target")
        continue
      }
      let undocumented = dependencies.subtracting(allowed)
      let undeclared = allowed.intersection(built).subtracting(dependencies)
      #expect(undocumented.isEmpty, "\(module) depends in Package.swift on \(undocumented), not in its row")
      #expect(
        undeclared.isEmpty,
        "\(module)'s row allows \(undeclared), not among its dependencies in Package.swift")
    }
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

  /// What every layer shares imports nothing; the rest of the pipeline's rules are
  /// `PipelineGraphTests`'.
  @Test func theBottomImportsNothing() throws {
    let imports = try Self.imports()
    #expect(imports["NixieCore"]?.isEmpty == true)
    #expect(imports["NixieText"]?.isEmpty == true)
  }
}
