import Testing

/// The cuts the module table alone does not hold, because a row can be widened in the same
/// change that breaks them (docs/ARCHITECTURE.md, "Rules that keep it simple"):
///
/// - The clock's clients reach it only through the control socket. A socket client is a
///   module that depends on `NixieControl` other than the server (`NixieClock`) and the
///   command line (`NixieCLI`, which starts both sides); it neither imports `NixieClock` nor
///   depends on it through another module. `NixieWeb` is one.
/// - `NixieControl` is safe for any client: nothing of the daemon, the board's runtime, the
///   Linux transports or the simulator is in it, directly or below it.
/// - `nixie send` (`Sources/NixieCLI/Send.swift`) speaks the protocol and nothing else: it
///   imports `NixieControl`, the argument parser, and `NixieTransitions` for the values the
///   requests are made of (a transition's kind).
/// - The clock does not depend on Linux probing: `NixieClock` does not import `NixieLinux`
///   (`nixie doctor`'s job is `NixieDoctor`'s).
///
/// Each rule is a function of the imports and the dependencies: the sources must give it
/// nothing to report, and a small graph shaped like the package's shows it finding each
/// planted breach (and nothing when none is planted).
struct LayerRulesTests {
  typealias Imports = [String: [(file: String, module: String)]]
  typealias Dependencies = [String: Set<String>]

  /// The module every socket client and the server share.
  static let control = "NixieControl"
  /// The daemon: the socket's server side.
  static let daemon = "NixieClock"
  /// Modules that may depend on both sides of the socket: the command line starts the clock
  /// as well as its clients.
  static let bothSides: Set = ["NixieCLI", daemon]
  /// What a client-side module may never have below it.
  static let forbiddenBelowControl: Set = ["NixieClock", "NixieRuntime", "NixieLinux", "NixieSimulator"]
  /// `nixie send`'s source, and everything it may import.
  static let sendFile = (module: "NixieCLI", file: "Send.swift")
  static let sendMayImport: Set = ["NixieControl", "ArgumentParser", "NixieTransitions"]

  /// `module` and everything it depends on, through Package.swift's targets.
  static func closure(of module: String, in dependencies: Dependencies) -> Set<String> {
    var seen: Set<String> = []
    var next = [module]
    while let current = next.popLast() {
      guard seen.insert(current).inserted else { continue }
      next += dependencies[current] ?? []
    }
    return seen
  }

  /// The modules that are the clock's socket clients (test targets left out).
  static func socketClients(_ dependencies: Dependencies) -> [String] {
    dependencies.filter { name, depends in
      depends.contains(control) && !bothSides.contains(name) && !name.hasSuffix("Tests")
    }.keys.sorted()
  }

  /// Each way a socket client reaches the daemon other than through the socket.
  static func clientsReachingTheDaemon(_ imports: Imports, _ dependencies: Dependencies) -> [String] {
    var breaches: [String] = []
    for client in socketClients(dependencies) {
      for (file, module) in imports[client] ?? [] where module == daemon {
        breaches.append("Sources/\(client)/\(file) imports \(daemon)")
      }
      let below = closure(of: client, in: dependencies).subtracting([client])
      if below.contains(daemon) {
        breaches.append("\(client) depends on \(daemon) in Package.swift")
      }
    }
    return breaches
  }

  /// Each daemon-side module `NixieControl` imports or has below it.
  static func controlReachingTheDaemon(_ imports: Imports, _ dependencies: Dependencies) -> [String] {
    let imported = (imports[control] ?? []).filter { forbiddenBelowControl.contains($0.module) }.map {
      "Sources/\(control)/\($0.file) imports \($0.module)"
    }
    let below = closure(of: control, in: dependencies).intersection(forbiddenBelowControl).sorted().map {
      "\(control) depends on \($0) in Package.swift"
    }
    return imported + below
  }

  /// Each import of `nixie send`'s source beyond the protocol's.
  static func sendBeyondTheProtocol(_ imports: Imports) -> [String] {
    (imports[sendFile.module] ?? []).filter { $0.file == sendFile.file && !sendMayImport.contains($0.module) }
      .map { "Sources/\(sendFile.module)/\(sendFile.file) imports \($0.module)" }
  }

  /// Each way the clock reaches the Linux transports directly.
  static func clockImportingLinux(_ imports: Imports, _ dependencies: Dependencies) -> [String] {
    let imported = (imports[daemon] ?? []).filter { $0.module == "NixieLinux" }.map {
      "Sources/\(daemon)/\($0.file) imports NixieLinux"
    }
    let declared = dependencies[daemon]?.contains("NixieLinux") == true
    return imported + (declared ? ["\(daemon) depends on NixieLinux in Package.swift"] : [])
  }

  static func sources() throws -> (Imports, Dependencies) {
    (try ModuleGraphTests.imports(), try ModuleGraphTests.packageDependencies())
  }

  /// `imports` with one more import in `module`.
  static func planting(_ imported: String, in module: String, file: String, _ imports: Imports) -> Imports {
    var planted = imports
    planted[module, default: []].append((file, imported))
    return planted
  }

  // MARK: - The sources keep the rules

  @Test func theWebIsASocketClient() throws {
    let (_, dependencies) = try Self.sources()
    #expect(Self.socketClients(dependencies).contains("NixieWeb"))
  }

  @Test func noSocketClientReachesTheDaemon() throws {
    let (imports, dependencies) = try Self.sources()
    #expect(Self.clientsReachingTheDaemon(imports, dependencies) == [])
  }

  @Test func theControlModuleHasNothingOfTheDaemonBelowIt() throws {
    let (imports, dependencies) = try Self.sources()
    #expect(imports[Self.control]?.isEmpty == false, "no sources found for \(Self.control)")
    #expect(Self.controlReachingTheDaemon(imports, dependencies) == [])
  }

  @Test func sendImportsOnlyTheProtocol() throws {
    let (imports, _) = try Self.sources()
    let sends = (imports[Self.sendFile.module] ?? []).filter { $0.file == Self.sendFile.file }
    #expect(
      sends.contains { $0.module == Self.control }, "Send.swift not found, or it does not use the protocol")
    #expect(Self.sendBeyondTheProtocol(imports) == [])
  }

  @Test func theClockDoesNotImportLinux() throws {
    let (imports, dependencies) = try Self.sources()
    #expect(Self.clockImportingLinux(imports, dependencies) == [])
  }

  // MARK: - Each rule finds a planted breach

  /// A small graph shaped like the package's, that keeps every rule: the clock on the control
  /// module and the runtime (and through it the Linux transports, which is allowed), the web on
  /// the control module, the command line on both sides, `nixie send` on the protocol.
  static let cleanImports: Imports = [
    "NixieControl": [("Client/ControlClient.swift", "NixieSystem")],
    "NixieClock": [("App/ClockJob.swift", "NixieControl"), ("App/ClockJob.swift", "NixieRuntime")],
    "NixieWeb": [("App/WebApp.swift", "NixieControl")],
    "NixieCLI": [
      ("Send.swift", "ArgumentParser"), ("Send.swift", "NixieControl"), ("Send.swift", "NixieTransitions"),
      ("Clock.swift", "NixieClock"),
    ],
  ]
  static let cleanDependencies: Dependencies = [
    "NixieControl": ["NixieCore", "NixieSystem"], "NixieRuntime": ["NixieLinux", "NixieSimulator"],
    "NixieClock": ["NixieControl", "NixieRuntime"], "NixieDoctor": ["NixieClock", "NixieLinux"],
    "NixieWeb": ["NixieControl", "NixieSimulator"],
    "NixieCLI": ["NixieControl", "NixieClock", "NixieDoctor", "NixieWeb", "ArgumentParser"],
    "NixieWebTests": ["NixieWeb", "NixieClock"],
  ]

  @Test func theCleanGraphKeepsEveryRule() {
    let (imports, dependencies) = (Self.cleanImports, Self.cleanDependencies)
    #expect(Self.socketClients(dependencies) == ["NixieWeb"])
    #expect(Self.clientsReachingTheDaemon(imports, dependencies) == [])
    #expect(Self.controlReachingTheDaemon(imports, dependencies) == [])
    #expect(Self.sendBeyondTheProtocol(imports) == [])
    #expect(Self.clockImportingLinux(imports, dependencies) == [])
  }

  @Test func anImportOfTheDaemonInTheWebIsFound() {
    let planted = Self.planting("NixieClock", in: "NixieWeb", file: "App/WebApp.swift", Self.cleanImports)
    #expect(
      Self.clientsReachingTheDaemon(planted, Self.cleanDependencies) == [
        "Sources/NixieWeb/App/WebApp.swift imports NixieClock"
      ])
  }

  @Test func aNewClientThatDependsOnTheDaemonIsFound() {
    // A bridge that takes the control module, and the daemon through another module.
    var planted = Self.cleanDependencies
    planted["NixieBridge"] = ["NixieControl", "NixieDoctor"]
    #expect(Self.socketClients(planted) == ["NixieBridge", "NixieWeb"])
    #expect(
      Self.clientsReachingTheDaemon(Self.cleanImports, planted) == [
        "NixieBridge depends on NixieClock in Package.swift"
      ])
  }

  @Test func anImportOfTheRuntimeInTheControlModuleIsFound() {
    let planted = Self.planting(
      "NixieRuntime", in: "NixieControl", file: "Client/ControlClient.swift", Self.cleanImports)
    #expect(
      Self.controlReachingTheDaemon(planted, Self.cleanDependencies) == [
        "Sources/NixieControl/Client/ControlClient.swift imports NixieRuntime"
      ])
    // The simulator two modules down.
    var below = Self.cleanDependencies
    below["NixieControl", default: []].insert("NixieBoards")
    below["NixieBoards", default: []].insert("NixieSimulator")
    #expect(
      Self.controlReachingTheDaemon(Self.cleanImports, below) == [
        "NixieControl depends on NixieSimulator in Package.swift"
      ])
  }

  @Test func anImportBeyondTheProtocolInSendIsFound() {
    let planted = Self.planting("NixieClock", in: "NixieCLI", file: "Send.swift", Self.cleanImports)
    #expect(Self.sendBeyondTheProtocol(planted) == ["Sources/NixieCLI/Send.swift imports NixieClock"])
    // The same import elsewhere in the command line is the table's business, not this rule's.
    let elsewhere = Self.planting("NixieClock", in: "NixieCLI", file: "Clock.swift", Self.cleanImports)
    #expect(Self.sendBeyondTheProtocol(elsewhere) == [])
  }

  @Test func anImportOfLinuxInTheClockIsFound() {
    let planted = Self.planting("NixieLinux", in: "NixieClock", file: "App/ClockJob.swift", Self.cleanImports)
    #expect(
      Self.clockImportingLinux(planted, Self.cleanDependencies) == [
        "Sources/NixieClock/App/ClockJob.swift imports NixieLinux"
      ])
    var declared = Self.cleanDependencies
    declared["NixieClock", default: []].insert("NixieLinux")
    #expect(
      Self.clockImportingLinux(Self.cleanImports, declared) == [
        "NixieClock depends on NixieLinux in Package.swift"
      ])
  }
}
