import Foundation
import Testing

/// The documentation names only what the code has: every Swift type or member written in
/// backticks (`NixieError.Kind`, `FrameScheduler.cycle(to:duration:laps:)`) is declared in the
/// repository's Swift files, and every exit code the documents give (`exit 74`, a row of an
/// exit-code table) is one that nixie or a script of the repository returns. A type renamed or
/// an exit code dropped fails here, not in a reader's script.
///
/// A Swift name is an UpperCamelCase word in backticks, with `.member`s and a signature
/// optionally; what is written otherwise is not checked: files (`ClockJob.swift`), paths,
/// commands, YAML keys, C names (`SPI_IOC_MESSAGE`), chips (`HV5622`), and keys of other
/// formats written with their separator, as their own documentation writes them: systemd
/// settings `WatchdogSec=`, HTTP headers `Host:`, Debian fields `Depends:`.
struct DocumentationCodeTests {
  static let root = DocumentationLinkTests.root

  /// Swift names from outside the repository that the documents rightly write in backticks.
  /// Each says why it is there; keep the list short.
  static let outsideNames: [String: String] = [
    "Mutex": "the standard library's Synchronization.Mutex, which nixie deliberately does not use",
    "OptionSet": "the standard library protocol whose unspecialised use slowed a debug build",
    "Process.run": "Foundation's, whose side table leaks (a sanitizer suppression)",
    "String(contentsOfFile:)": "Foundation's, the other suppressed leak",
    "JSONDecoder": "Foundation's, the library weighed against our JSON reader",
    "TimeZone": "Foundation's, the library weighed against our TZif reader",
  ]

  /// Names in the vendors' firmware (C++ and Arduino) that docs/BOARDS.md quotes, each beside
  /// the file it is read from: the facts about a board are cited at their source.
  static let vendorFirmwareNames: Set<String> = [
    "SHDNpin", "LEpin", "HIZpin", "GreenLedPin", "SPISetup", "TurnOffAllTubes", "UpperDotsMask",
    "LowerDotsMask", "Tone",
  ]

  /// A face's date pattern (`HHmm`, `Hmm`): UTS #35 field letters only, never a Swift name.
  static func isDatePattern(_ text: String) -> Bool {
    text.allSatisfy { "HhKkmsdMy".contains($0) }
  }

  /// File name extensions: `Package.swift`, `ClockJob.swift` are files, not members.
  static let fileExtensions: Set<String> = [
    "swift", "md", "yaml", "yml", "json", "jsonl", "vcd", "py", "sh", "c", "h", "cpp", "ino", "txt",
    "service", "rules", "conf", "deb", "svg", "png", "supp", "gz", "log", "pdf", "so", "a",
  ]

  // MARK: Swift names

  /// A Swift name written in backticks: its dotted path (`NixieError`, `Kind`) and how it was
  /// written.
  struct SwiftName: Hashable {
    var path: [String]
    var written: String
  }

  /// The text outside fenced code blocks: code blocks hold commands and YAML, not names.
  static func prose(_ text: String) -> String {
    var kept: [Substring] = []
    var inCode = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inCode.toggle()
        continue
      }
      if !inCode { kept.append(line) }
    }
    return kept.joined(separator: "\n")
  }

  static func isIdentifier(_ text: Substring) -> Bool {
    guard let first = text.first, first.isLetter || first == "_" else { return false }
    return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
  }

  /// An UpperCamelCase type name: a capital first, a lower-case letter somewhere, no underscore,
  /// three characters at least. `HV5622`, `DOT_MODE_312` and the symbol `Hz` are not Swift.
  static func isTypeName(_ text: Substring) -> Bool {
    guard text.count >= 3, let first = text.first, first.isASCII, first.isUppercase else { return false }
    return isIdentifier(text) && !text.contains("_") && text.contains { $0.isLowercase }
  }

  /// The Swift names among the backticked pieces of `text`: `Type`, `Type.member`,
  /// `Type.member(label:label:)`. File names, paths, commands, YAML keys and C names are not.
  static func swiftNames(in text: String) -> [SwiftName] {
    prose(text).components(separatedBy: "`").enumerated().compactMap { index, piece in
      guard index % 2 == 1 else { return nil }
      var name = Substring(piece)
      if name.hasSuffix(")"), let open = name.firstIndex(of: "(") {
        let labels = name[name.index(after: open)..<name.index(before: name.endIndex)]
        let isSignature =
          labels.split(separator: ":").allSatisfy(isIdentifier) && (labels.isEmpty || labels.hasSuffix(":"))
        guard isSignature else { return nil }
        name = name[..<open]
      }
      let path = name.split(separator: ".", omittingEmptySubsequences: false)
      guard let first = path.first, isTypeName(first), path.allSatisfy(isIdentifier) else { return nil }
      if path.count > 1, let last = path.last, fileExtensions.contains(String(last)) { return nil }
      return SwiftName(path: path.map(String.init), written: piece)
    }
  }

  /// What the repository's Swift files declare: every declared name, the module names (folders
  /// of `Sources/` and `Tests/`, and what any file imports), and for each type the names
  /// declared in the files that declare or extend it.
  struct Declarations {
    var names: Set<String> = []
    var modules: Set<String> = []
    var membersOfType: [String: Set<String>] = [:]

    static let declarationKeywords: Set<String> = [
      "struct", "class", "enum", "protocol", "actor", "typealias", "associatedtype", "func", "var", "let",
      "case", "subscript",
    ]
    static let typeKeywords: Set<String> = [
      "struct", "class", "enum", "protocol", "actor", "typealias", "extension",
    ]

    /// The declarations of one file's text.
    mutating func add(file text: String) {
      var declared: Set<String> = []
      var types: Set<String> = []
      for line in text.split(separator: "\n") {
        let words = line.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") })
        for (index, word) in words.enumerated() where index + 1 < words.count {
          let next = words[index + 1]
          if word == "import" { modules.insert(String(next)) }
          if Self.typeKeywords.contains(String(word)) {
            // `extension ClockConfiguration.Face`: the file holds members of both.
            for part in next.split(separator: ".") { types.insert(String(part)) }
          }
          guard Self.declarationKeywords.contains(String(word)), !next.contains(".") else { continue }
          declared.insert(String(next))
          if word == "case" {
            // `case a, b(Int), c = 3`: every name of the list.
            let rest = line.drop { $0 != " " }.split(separator: ",")
            for item in rest {
              let name = item.trimmingCharacters(in: .whitespaces).prefix {
                $0.isLetter || $0.isNumber || $0 == "_"
              }
              if !name.isEmpty { declared.insert(String(name)) }
            }
          }
        }
      }
      names.formUnion(declared)
      names.formUnion(types.subtracting(["extension"]))
      for type in types { membersOfType[type, default: []].formUnion(declared) }
    }

    /// Why `name` is not declared, or nil when it is.
    func problem(with name: SwiftName) -> String? {
      let head = name.path[0]
      guard names.contains(head) || modules.contains(head) else { return "no Swift declaration of \(head)" }
      if modules.contains(head) && !names.contains(head) { return nil }
      for (owner, member) in zip(name.path, name.path.dropFirst()) where member != "init" {
        guard membersOfType[owner, default: []].contains(member) else {
          return "\(owner) has no member \(member)"
        }
      }
      return nil
    }
  }

  static func swiftFiles(under folder: String) -> [String] {
    let url = root.appendingPathComponent(folder)
    let files = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }
  }

  /// The declarations of `Sources/`, `Tests/` and the fuzz targets' package (the documents
  /// name test types and fuzz targets too).
  static func declarations() throws -> Declarations {
    var declarations = Declarations()
    for folder in ["Sources", "Tests", "Fuzz/Targets/Sources"] {
      let modules = try FileManager.default.contentsOfDirectory(
        atPath: root.appendingPathComponent(folder).path)
      declarations.modules.formUnion(modules)
      for file in swiftFiles(under: folder) {
        declarations.add(file: try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
      }
    }
    return declarations
  }

  @Test func everyBacktickedSwiftNameIsDeclared() throws {
    let declarations = try Self.declarations()
    var checked = 0
    for document in DocumentationLinkTests.documents {
      for name in Self.swiftNames(in: try DocumentationLinkTests.read(document)) {
        checked += 1
        let written = name.path.joined(separator: ".")
        guard Self.outsideNames[name.written] == nil, Self.outsideNames[written] == nil,
          !Self.vendorFirmwareNames.contains(written), !Self.isDatePattern(written)
        else { continue }
        if let problem = declarations.problem(with: name) {
          Issue.record("\(document): `\(name.written)`: \(problem)")
        }
      }
    }
    #expect(checked > 100, "the name finder found only \(checked) names")
  }

  @Test func theNameFinderFindsSwiftNamesOnly() throws {
    let text = """
      `NixieError.Kind` and `FrameScheduler.cycle(to:duration:laps:)`, `HardwareBoard.release()`;
      not `Package.swift`, `HV5622`, `DOT_MODE_312`, `Hz`, `nixie show`, `Type=notify`,
      `Sources/NixieCLI/Show.swift`, `ClickButton(pin, LOW)`.
      ```
      `NotProse`
      ```
      """
    #expect(
      Self.swiftNames(in: text).map(\.path) == [
        ["NixieError", "Kind"], ["FrameScheduler", "cycle"], ["HardwareBoard", "release"],
      ])
    var declarations = Declarations()
    declarations.add(
      file:
        "public struct NixieError {\n  public enum Kind: Int32 {\n    case cancelled = 1, badUsage = 2\n  }\n}"
    )
    declarations.add(file: "extension NixieError.Kind {\n  var summary: String { \"\" }\n}")
    let name = { (path: [String]) in SwiftName(path: path, written: path.joined(separator: ".")) }
    #expect(declarations.problem(with: name(["NixieError", "Kind", "badUsage"])) == nil)
    #expect(declarations.problem(with: name(["NixieError", "Kind", "summary"])) == nil)
    // The drift of issue 23: INTERFACE.md named `NixieError.Code`.
    #expect(declarations.problem(with: name(["NixieError", "Code"])) == "NixieError has no member Code")
    #expect(declarations.problem(with: name(["ClockSettings"])) == "no Swift declaration of ClockSettings")
  }

  // MARK: Exit codes

  /// The exit codes nixie returns: 0 and the raw values of `NixieError.Kind`, read from its
  /// source.
  static func nixieExitCodes() throws -> Set<Int> {
    let text = try String(
      contentsOf: root.appendingPathComponent("Sources/NixieCore/Errors/NixieError.swift"), encoding: .utf8)
    var codes: Set<Int> = [0]
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.count == 4, words[0] == "case", words[2] == "=", let code = Int(words[3]) {
        codes.insert(code)
      }
    }
    return codes
  }

  /// The exit codes the repository's scripts return (`exit 77` in `Scripts/package`), which the
  /// documents describe too.
  static func scriptExitCodes() -> Set<Int> {
    var codes: Set<Int> = []
    for folder in ["Scripts", "Tests/Kernel", "Tests/Packaging", "Tests/Browser", "debian", ".ci"] {
      let url = root.appendingPathComponent(folder)
      let files = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
      for file in files where !file.hasSuffix(".swift") {
        guard let text = try? String(contentsOf: url.appendingPathComponent(file), encoding: .utf8) else {
          continue
        }
        for piece in text.components(separatedBy: "exit ").dropFirst()
          + text.components(separatedBy: "exit(").dropFirst()
        {
          if let code = Int(piece.prefix { $0.isNumber }) { codes.insert(code) }
        }
      }
    }
    return codes
  }

  /// The exit codes `text` gives: after "exit", "exits", "exit status", "exit code" (`exit 74`,
  /// `(exit 65)`, `# exit 2`), the first column of a table under an "Exit codes" heading, and
  /// the items of a list after "Exit codes:" (`0 success · 1 cancelled`).
  static func exitCodes(in text: String) -> [Int] {
    var codes: [Int] = []
    let lower = text.lowercased()
    for piece in lower.components(separatedBy: "exit").dropFirst() {
      var rest = Substring(piece)
      for word in ["s", "ed", " status", " code", " is", " then", " with"] where rest.hasPrefix(word) {
        rest = rest.dropFirst(word.count)
      }
      guard rest.hasPrefix(" "), let code = Int(rest.dropFirst().prefix { $0.isNumber }) else { continue }
      codes.append(code)
    }
    var inTable = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("#") { inTable = line.lowercased().contains("exit code") }
      guard inTable, line.hasPrefix("|") else { continue }
      if let code = Int(line.dropFirst().prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)) {
        codes.append(code)
      }
    }
    for list in lower.components(separatedBy: "exit codes:").dropFirst() {
      let paragraph = list.components(separatedBy: "\n\n")[0]
      for item in paragraph.split(whereSeparator: { $0 == "·" || $0 == "," }) {
        let words = item.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        if words.count > 1, let code = Int(words[0]) { codes.append(code) }
      }
    }
    return codes
  }

  @Test func everyExitCodeTheDocumentsGiveIsOneTheCodeReturns() throws {
    let nixie = try Self.nixieExitCodes()
    let known = nixie.union(Self.scriptExitCodes())
    #expect(nixie == [0, 1, 2, 65, 69, 70, 74, 75], "NixieError.Kind's codes were not read")
    var checked = 0
    for document in DocumentationLinkTests.documents {
      for code in Self.exitCodes(in: try DocumentationLinkTests.read(document)) {
        checked += 1
        if !known.contains(code) {
          Issue.record(
            "\(document): exit code \(code) is returned neither by nixie (NixieError.Kind) nor by a script")
        }
      }
    }
    #expect(checked > 50, "the exit-code finder found only \(checked) codes")
  }

  @Test func theExitCodeFinderReadsProseTablesAndLists() {
    let text = """
      A mistake is exit 65 (file:line:column); `nixie send` exits 75 when busy;
      the exit status is then 69. Ran for 3 s at exit, or exited 1.

      ```sh
      nixie show -5     # exit 2: no minus
      ```

      ## Exit codes

      | code | meaning |
      |---|---|
      | 74 | output error |

      Exit codes: 0 chosen · 1 cancelled (long press, timeout) · 76 planted.
      """
    #expect(Self.exitCodes(in: text).sorted() == [0, 1, 1, 2, 65, 69, 74, 75, 76])
  }
}
