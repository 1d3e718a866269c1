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
/// - The backends are handed in: the runtime (`NixieRuntime`), the clock (`NixieClock`) and
///   every socket client import neither backend (`NixieLinux`, `NixieSimulator`) nor depend on
///   one through another module; the command line makes them (`HostBackends`). So the clock
///   does not depend on Linux probing either (`nixie doctor`'s job is `NixieDoctor`'s).
/// - `nixie doctor` reads the clock's settings (`NixieClockSettings`), not the daemon:
///   `NixieDoctor` neither imports `NixieClock` nor depends on it through another module.
/// - `nixie web` and `nixie mqtt` read their own files (`NixieYAMLFiles`), not the board
///   catalogue: `NixieWeb` and `NixieMQTT` neither import `NixieBoards` nor depend on it.
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
  /// as well as its clients; the clock's settings are the server's (and the doctor's).
  static let bothSides: Set = ["NixieCLI", daemon, settings]
  /// The clock's settings, which the daemon and the doctor read.
  static let settings = "NixieClockSettings"
  /// `nixie doctor`'s module, which checks the board the settings choose without the daemon.
  static let doctor = "NixieDoctor"
  /// What a client-side module may never have below it.
  static let forbiddenBelowControl: Set = ["NixieClock", "NixieRuntime", "NixieLinux", "NixieSimulator"]
  /// The backends, which only the command line (and the doctor's Linux checks) may have.
  static let backends: Set = ["NixieLinux", "NixieSimulator"]
  /// Modules that run a board or the clock: handed their backend, they have none below them.
  static let handedABackend: Set = ["NixieRuntime", daemon]
  /// The board catalogue, and the clients that read their own settings files without it.
  static let catalogue = "NixieBoards"
  static let ownFileReaders: Set = ["NixieWeb", "NixieMQTT"]
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

  /// Each way the runtime, the clock or a socket client reaches a backend: an import, or a
  /// backend below it in Package.swift.
  static func reachingABackend(_ imports: Imports, _ dependencies: Dependencies) -> [String] {
    var breaches: [String] = []
    for module in handedABackend.union(socketClients(dependencies)).sorted() {
      for (file, imported) in imports[module] ?? [] where backends.contains(imported) {
        breaches.append("Sources/\(module)/\(file) imports \(imported)")
      }
      let below = closure(of: module, in: dependencies).intersection(backends)
      breaches += below.sorted().map { "\(module) depends on \($0) in Package.swift" }
    }
    return breaches
  }

  /// Each way the doctor reaches the daemon.
  static func doctorReachingTheDaemon(_ imports: Imports, _ dependencies: Dependencies) -> [String] {
    let imported = (imports[doctor] ?? []).filter { $0.module == daemon }.map {
      "Sources/\(doctor)/\($0.file) imports \(daemon)"
    }
    let below = closure(of: doctor, in: dependencies).contains(daemon)
    return imported + (below ? ["\(doctor) depends on \(daemon) in Package.swift"] : [])
  }

  /// Each way `nixie web` or `nixie mqtt` reaches the board catalogue.
  static func readersReachingTheCatalogue(_ imports: Imports, _ dependencies: Dependencies) -> [String] {
    var breaches: [String] = []
    for module in ownFileReaders.sorted() {
      for (file, imported) in imports[module] ?? [] where imported == catalogue {
        breaches.append("Sources/\(module)/\(file) imports \(catalogue)")
      }
      if closure(of: module, in: dependencies).contains(catalogue) {
        breaches.append("\(module) depends on \(catalogue) in Package.swift")
      }
    }
    return breaches
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

  @Test func noRuntimeClockOrClientReachesABackend() throws {
    let (imports, dependencies) = try Self.sources()
    #expect(imports["NixieRuntime"]?.isEmpty == false, "no sources found for NixieRuntime")
    #expect(Self.reachingABackend(imports, dependencies) == [])
  }

  @Test func theDoctorDoesWithoutTheDaemon() throws {
    let (imports, dependencies) = try Self.sources()
    #expect(
      imports[Self.doctor]?.contains { $0.module == Self.settings } == true, "the doctor reads no settings")
    #expect(Self.doctorReachingTheDaemon(imports, dependencies) == [])
  }

  @Test func theWebAndTheBridgeDoWithoutTheBoardCatalogue() throws {
    let (imports, dependencies) = try Self.sources()
    #expect(imports["NixieMQTT"]?.isEmpty == false, "no sources found for NixieMQTT")
    #expect(Self.readersReachingTheCatalogue(imports, dependencies) == [])
  }

  // MARK: - Each rule finds a planted breach

  /// A small graph shaped like the package's, that keeps every rule: the clock on the control
  /// module and the runtime, which is on the backend seam alone; the web on the control module,
  /// the command line on both sides and on the backends, `nixie send` on the protocol.
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
    "NixieControl": ["NixieCore", "NixieSystem"], "NixieRuntime": ["NixieBackend"],
    "NixieLinux": ["NixieBackend"], "NixieSimulator": ["NixieBackend"],
    "NixieClockSettings": ["NixieControl", "NixieRuntime"],
    "NixieClock": ["NixieControl", "NixieRuntime", "NixieClockSettings"],
    "NixieDoctor": ["NixieClockSettings", "NixieLinux"],
    "NixieWeb": ["NixieControl", "NixiePictures", "NixieYAMLFiles"], "NixieBoards": ["NixieYAMLFiles"],
    "NixieCLI": [
      "NixieControl", "NixieClock", "NixieDoctor", "NixieWeb", "NixieLinux", "NixieSimulator",
      "ArgumentParser",
    ],
    "NixieWebTests": ["NixieWeb", "NixieClock"],
  ]

  @Test func theCleanGraphKeepsEveryRule() {
    let (imports, dependencies) = (Self.cleanImports, Self.cleanDependencies)
    #expect(Self.socketClients(dependencies) == ["NixieWeb"])
    #expect(Self.clientsReachingTheDaemon(imports, dependencies) == [])
    #expect(Self.controlReachingTheDaemon(imports, dependencies) == [])
    #expect(Self.sendBeyondTheProtocol(imports) == [])
    #expect(Self.reachingABackend(imports, dependencies) == [])
    #expect(Self.readersReachingTheCatalogue(imports, dependencies) == [])
    #expect(Self.doctorReachingTheDaemon(imports, dependencies) == [])
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
    planted["NixieFaces"] = ["NixieClock"]
    planted["NixieBridge"] = ["NixieControl", "NixieFaces"]
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
      Self.reachingABackend(planted, Self.cleanDependencies) == [
        "Sources/NixieClock/App/ClockJob.swift imports NixieLinux"
      ])
    var declared = Self.cleanDependencies
    declared["NixieClock", default: []].insert("NixieLinux")
    #expect(
      Self.reachingABackend(Self.cleanImports, declared) == [
        "NixieClock depends on NixieLinux in Package.swift"
      ])
  }

  /// The runtime choosing the simulator again, and the web drawing with it: each is found, the
  /// clock and the web below the runtime too.
  @Test func theSimulatorBelowTheRuntimeOrAClientIsFound() {
    let planted = Self.planting(
      "NixieSimulator", in: "NixieRuntime", file: "Session/BoardChoice.swift", Self.cleanImports)
    #expect(
      Self.reachingABackend(planted, Self.cleanDependencies) == [
        "Sources/NixieRuntime/Session/BoardChoice.swift imports NixieSimulator"
      ])
    var below = Self.cleanDependencies
    below["NixieRuntime", default: []].insert("NixieSimulator")
    below["NixieWeb", default: []].insert("NixieSimulator")
    #expect(
      Self.reachingABackend(Self.cleanImports, below) == [
        "NixieClock depends on NixieSimulator in Package.swift",
        "NixieRuntime depends on NixieSimulator in Package.swift",
        "NixieWeb depends on NixieSimulator in Package.swift",
      ])
  }

  /// web.yaml read through the board catalogue again, directly or through the pictures.
  @Test func theCatalogueBelowTheWebIsFound() {
    let planted = Self.planting(
      "NixieBoards", in: "NixieWeb", file: "Config/WebConfiguration.swift", Self.cleanImports)
    #expect(
      Self.readersReachingTheCatalogue(planted, Self.cleanDependencies) == [
        "Sources/NixieWeb/Config/WebConfiguration.swift imports NixieBoards"
      ])
    var below = Self.cleanDependencies
    below["NixiePictures", default: []].insert("NixieBoards")
    #expect(
      Self.readersReachingTheCatalogue(Self.cleanImports, below) == [
        "NixieWeb depends on NixieBoards in Package.swift"
      ])
  }

  /// The doctor asking the daemon for the settings again, directly or through them.
  @Test func theDaemonBelowTheDoctorIsFound() {
    var imports = Self.cleanImports
    imports["NixieDoctor"] = [("DoctorJob.swift", "NixieClock")]
    #expect(
      Self.doctorReachingTheDaemon(imports, Self.cleanDependencies) == [
        "Sources/NixieDoctor/DoctorJob.swift imports NixieClock"
      ])
    var below = Self.cleanDependencies
    below["NixieClockSettings", default: []].insert("NixieClock")
    #expect(
      Self.doctorReachingTheDaemon(Self.cleanImports, below) == [
        "NixieDoctor depends on NixieClock in Package.swift"
      ])
  }
}
