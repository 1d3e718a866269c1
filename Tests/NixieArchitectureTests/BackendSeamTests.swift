import Foundation
import Testing

/// Hardware or simulator is decided once (docs/ARCHITECTURE.md, "Rules that keep it simple"):
/// `BoardChoice`'s rule chooses, the command line's `HostBackends` makes the backend, the seam
/// (`NixieBackend`) says what a backend and the board it opens offer, and the two
/// implementations live in `NixieLinux` and `NixieSimulator`. No other source file may branch
/// on the backend — compare with or switch over `Backend`'s cases, choose one in a ternary, or
/// make or cast to a backend's own types.
struct BackendSeamTests {
  /// Where branching on the backend belongs: the seam, its two implementations, the rule that
  /// chooses and the one place that makes them.
  static let seam = [
    "Sources/NixieBackend/", "Sources/NixieLinux/", "Sources/NixieSimulator/", choosingPlace, makingPlace,
  ]
  static let choosingPlace = "Sources/NixieRuntime/Session/BoardChoice.swift"
  static let makingPlace = "Sources/NixieCLI/HostBackends.swift"

  /// The types only a backend's own code (or the choosing place) makes or casts to.
  static let backendTypes = [
    "HardwareBoard", "SimulatedBoard", "LinuxBackend", "SimulatorBackend", "LinuxTransports",
    "SimulatedTransports", "GPIOKnobSource", "ScriptedKnob",
  ]

  /// What branching on the backend looks like, with what each pattern catches.
  static let branches: [(pattern: String, what: String)] = [
    (#"\bcase\b[^:]*\.(sim|hardware)\b"#, "a case of Backend"),
    (#"[=!]=\s*\.(sim|hardware)\b|\.(sim|hardware)\s*[=!]="#, "a comparison with a Backend"),
    (#"\bBackend\.(sim|hardware)\b"#, "a Backend case named in full"),
    (#"\?\s*\.(sim|hardware)\b"#, "a backend chosen in a ternary"),
    (#"\bswitch\s*\(?\s*\w*[bB]ackend\b"#, "a switch over a backend"),
    (#"\b("# + backendTypes.joined(separator: "|") + #")\s*\("#, "a backend's own type made"),
    (#"\b(as[?!]?|is)\s+("# + backendTypes.joined(separator: "|") + #")\b"#, "a cast to a backend's type"),
  ]

  /// Each line of `text` (comments left out) that branches on the backend, with what it does.
  static func findings(in text: String) throws -> [(line: Int, what: String)] {
    let patterns = try branches.map { (try Regex($0.pattern), $0.what) }
    var found: [(Int, String)] = []
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let code = line.trimmingCharacters(in: .whitespaces)
      guard !code.hasPrefix("//") else { continue }
      for (pattern, what) in patterns where code.contains(pattern) { found.append((index + 1, what)) }
    }
    return found
  }

  /// Every Swift file in Sources/, by its path from the repository's root.
  static func sources() throws -> [(path: String, text: String)] {
    let root = ModuleGraphTests.root
    let sources = root.appendingPathComponent("Sources")
    guard let walker = FileManager.default.enumerator(atPath: sources.path) else { return [] }
    var files: [(String, String)] = []
    for case let path as String in walker where path.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      files.append(("Sources/" + path, text))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  @Test func noFileOutsideTheSeamBranchesOnTheBackend() throws {
    let files = try Self.sources()
    #expect(files.count > 100)
    for file in files where !Self.seam.contains(where: { file.path.hasPrefix($0) }) {
      for finding in try Self.findings(in: file.text) {
        Issue.record("\(file.path):\(finding.line): \(finding.what), outside the backend seam")
      }
    }
  }

  /// The rule branches on the backend asked for, and the making place is where the backends
  /// are made: the patterns see both there.
  @Test func theBackendsAreChosenAndMadeInTheirPlaces() throws {
    let sources = try Self.sources()
    let choice = try #require(sources.first { $0.path == Self.choosingPlace })
    #expect(try Self.findings(in: choice.text).map(\.what).contains("a case of Backend"))
    let making = try #require(sources.first { $0.path == Self.makingPlace })
    let found = Set(try Self.findings(in: making.text).map(\.what))
    #expect(found.contains("a backend's own type made"))
    #expect(found.contains("a case of Backend"))
  }

  static let planted = [
    "view: backend == .sim && Terminal.standardOutputIsTerminal",
    "case (.hardware, .some):",
    "    case .sim:",
    "var backend = Backend.sim",
    "options.backend ?? (options.input != nil ? .sim : nil)",
    "switch (backend, script) {",
    "let hardware = try HardwareBoard(board: board, clock: clock)",
    "guard let gpio = (opened as? SimulatedBoard)?.gpio else { return nil }",
  ]

  /// Each way of branching the old code had is caught; comments and the word in prose are not.
  @Test(arguments: planted)
  func aPlantedBranchIsFound(_ line: String) throws {
    let lines = try Self.findings(in: "import NixieBackend\n\n" + line + "\n").map(\.line)
    #expect(lines == [3])
  }

  @Test func proseAndCommentsAreNotBranches() throws {
    let text = """
      /// On hardware the knob is read through libgpiod; `case .sim` in a comment is no branch.
      // let hardware = try HardwareBoard(board: board, clock: clock)
      let (backend, _) = try backends.backend(for: BoardChoice(backend: .sim))
      """
    let found = try Self.findings(in: text)
    #expect(found.isEmpty)
  }
}
