import Testing

/// The pipeline stays pure and one-way (docs/ARCHITECTURE.md, "Rules that keep it simple"):
/// the modules a value crosses from text to the transports, the board model they read, what
/// they share, and the knob's logic import nothing but each other — no `Glibc`, no
/// `NixieSystem`, no C library — and no two of them reach each other both ways, directly or
/// around a longer loop. The module table says which imports each row allows; this holds what
/// a widened row could otherwise let pass (Board and Drivers importing each other was one).
///
/// Each rule is a function of the imports and the dependencies: the sources must give it
/// nothing to report, and a small graph shaped like the pipeline shows it finding each planted
/// breach (and nothing when none is planted).
struct PipelineGraphTests {
  typealias Imports = LayerRulesTests.Imports
  typealias Dependencies = LayerRulesTests.Dependencies

  /// The pure modules, in the order of a value's path: what all share, the display (a value →
  /// state), the board model, transitions and frames, the transports' protocols, the drivers,
  /// the backend seam; and the knob's logic beside them.
  static let pure = [
    "NixieCore", "NixieText", "NixieDisplay", "NixieBoardModel", "NixieTransitions", "NixieTransports",
    "NixieDrivers", "NixieBackend", "NixieInput",
  ]

  /// Each import of a pure module's source from outside the pure modules.
  static func importsFromOutside(_ imports: Imports) -> [String] {
    pure.flatMap { module in
      (imports[module] ?? []).filter { !pure.contains($0.module) }.map {
        "Sources/\(module)/\($0.file) imports \($0.module)"
      }
    }
  }

  /// The edges among the pure modules: every import of their sources and every dependency
  /// Package.swift declares, either of which a loop may go through.
  static func edges(_ imports: Imports, _ dependencies: Dependencies) -> [String: Set<String>] {
    var edges: [String: Set<String>] = [:]
    for module in pure {
      let imported = (imports[module] ?? []).map(\.module)
      edges[module] = Set(imported).union(dependencies[module] ?? []).intersection(pure).subtracting([module])
    }
    return edges
  }

  /// A loop among the pure modules, as the modules around it with the first repeated at the
  /// end (`NixieBoardModel → NixieDrivers → NixieBoardModel`), or nil when there is none.
  static func cycle(_ imports: Imports, _ dependencies: Dependencies) -> String? {
    let edges = edges(imports, dependencies)
    var done: Set<String> = []
    // Depth first, in `pure`'s order so the answer does not depend on a dictionary's.
    func visit(_ module: String, _ path: [String]) -> [String]? {
      if let start = path.firstIndex(of: module) { return Array(path[start...]) + [module] }
      guard !done.contains(module) else { return nil }
      for next in (edges[module] ?? []).sorted() {
        if let loop = visit(next, path + [module]) { return loop }
      }
      done.insert(module)
      return nil
    }
    for module in pure {
      if let loop = visit(module, []) { return loop.joined(separator: " → ") }
    }
    return nil
  }

  // MARK: - The sources keep the rules

  @Test func thePipelineImportsNothingFromOutside() throws {
    let (imports, _) = try LayerRulesTests.sources()
    for module in Self.pure {
      #expect(imports[module] != nil, "no sources found for \(module)")
    }
    #expect(Self.importsFromOutside(imports) == [])
  }

  @Test func thePipelineHasNoCycle() throws {
    let (imports, dependencies) = try LayerRulesTests.sources()
    #expect(Self.edges(imports, dependencies)["NixieDrivers"]?.contains("NixieTransports") == true)
    #expect(Self.cycle(imports, dependencies) == nil)
  }

  // MARK: - Each rule finds a planted breach

  /// A small graph shaped like the pipeline's, one way only.
  static let cleanImports: Imports = [
    "NixieDisplay": [("Display/DisplayState.swift", "NixieText")],
    "NixieBoardModel": [("OutputMap.swift", "NixieDisplay")],
    "NixieTransitions": [("FramePacer.swift", "NixieDisplay"), ("MultiplexPacer.swift", "NixieBoardModel")],
    "NixieTransports": [("GPIOLines.swift", "NixieBoardModel")],
    "NixieDrivers": [
      ("DisplayDriver.swift", "NixieTransitions"), ("ShiftChainSPIDriver.swift", "NixieTransports"),
      ("DisplayDrivers.swift", "NixieCore"),
    ],
    "NixieBackend": [("BoardTransports.swift", "NixieDrivers")],
  ]
  static let cleanDependencies: Dependencies = [
    "NixieBoardModel": ["NixieDisplay"], "NixieDrivers": ["NixieTransitions", "NixieTransports"],
    "NixieSystem": ["NixieCore"],
  ]

  @Test func theCleanGraphKeepsEveryRule() {
    #expect(Self.importsFromOutside(Self.cleanImports) == [])
    #expect(Self.cycle(Self.cleanImports, Self.cleanDependencies) == nil)
  }

  @Test func anImportBackIsFound() {
    // The board model's chip naming an expander family of the drivers': the old core's loop.
    let planted = LayerRulesTests.planting(
      "NixieDrivers", in: "NixieBoardModel", file: "ChipModel.swift", Self.cleanImports)
    #expect(
      Self.cycle(planted, Self.cleanDependencies)
        == "NixieBoardModel → NixieDrivers → NixieTransitions → NixieBoardModel")
  }

  @Test func aLongerLoopIsFound() {
    // The display naming a transition: back through the board model.
    let planted = LayerRulesTests.planting(
      "NixieTransitions", in: "NixieDisplay", file: "Display/DisplayLayout.swift", Self.cleanImports)
    #expect(
      Self.cycle(planted, Self.cleanDependencies)
        == "NixieDisplay → NixieTransitions → NixieBoardModel → NixieDisplay")
    // The same loop declared in Package.swift only, through the board model.
    var declared = Self.cleanDependencies
    declared["NixieDisplay", default: []].insert("NixieTransports")
    #expect(
      Self.cycle(Self.cleanImports, declared)
        == "NixieDisplay → NixieTransports → NixieBoardModel → NixieDisplay")
  }

  @Test func anImportOfTheSystemIsFound() {
    var planted = LayerRulesTests.planting(
      "Glibc", in: "NixieTransitions", file: "FramePacer.swift", Self.cleanImports)
    planted = LayerRulesTests.planting("NixieSystem", in: "NixieDrivers", file: "RetryPolicy.swift", planted)
    #expect(
      Self.importsFromOutside(planted) == [
        "Sources/NixieTransitions/FramePacer.swift imports Glibc",
        "Sources/NixieDrivers/RetryPolicy.swift imports NixieSystem",
      ])
  }
}
