import Foundation
import NixieText
import NixieTime
import Testing

/// Zone names, the system's zone and suggestions, over a file system in memory (and, for the
/// listing, this machine's).
struct ZoneDatabaseTests {
  static let berlin = TZifFileTests.berlinLike.bytes()
  static var utcFile: [UInt8] {
    var builder = TZifBuilder()
    builder.footer = "UTC0"
    return builder.bytes()
  }

  static func system(_ change: (inout MemoryZoneSystem) -> Void = { _ in }) -> MemoryZoneSystem {
    var system = MemoryZoneSystem()
    system.files = [
      "/usr/share/zoneinfo/Europe/Berlin": berlin, "/usr/share/zoneinfo/Etc/UTC": utcFile,
      "/usr/share/zoneinfo/EST5EDT": utcFile, "/usr/share/zoneinfo/zone.tab": Array("# not a zone\n".utf8),
      "/usr/share/zoneinfo/posix/Europe/Berlin": berlin, "/usr/share/zoneinfo/right/Europe/Berlin": berlin,
      "/usr/share/zoneinfo/localtime": berlin, "/usr/share/zoneinfo/America/Argentina/Buenos_Aires": utcFile,
      "/usr/share/zoneinfo/America/New_York": utcFile, "/usr/share/zoneinfo/Asia/Kathmandu": utcFile,
    ]
    change(&system)
    return system
  }

  @Test(arguments: [
    "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "Etc/GMT-14", "EST5EDT", "UTC",
    "America/Port-au-Prince", "posix/Europe/Berlin", "W-SU",
  ])
  func acceptsTzdataNames(_ name: String) throws {
    try ZoneName.validate(name)
  }

  @Test(arguments: [
    "", "/etc/passwd", "../etc/passwd", "Europe/../../etc/passwd", "Europe/./Berlin", "Europe//Berlin",
    "Europe/Berlin/", ".hidden", "Europe/-x", "Europe/Berlin\u{0}", "Europe/Ber lin", "Europe\\Berlin",
    "Europe/Berlin\u{1B}[2J", "Évry", String(repeating: "A", count: 129),
  ])
  func refusesAnythingElseBeforeTouchingFiles(_ name: String) {
    var system = Self.system()
    system.unreadable = Dictionary(uniqueKeysWithValues: system.files.keys.map { ($0, "must not be read") })
    let database = ZoneDatabase(system: system)
    let error = zoneError { _ = try database.zone(named: name) }
    #expect(error?.reason == .invalidName)
    #expect(error.map { !$0.description.unicodeScalars.contains { $0.value < 0x20 } } ?? false)
  }

  @Test func loadsByNameAndSaysWhyNot() throws {
    let database = ZoneDatabase(
      system: Self.system { $0.unreadable["/usr/share/zoneinfo/Asia/Kathmandu"] = "Permission denied" })
    #expect(try database.zone(named: "Europe/Berlin").identifier == "Europe/Berlin")
    let unknown = zoneError { _ = try database.zone(named: "Europe/Berln") }
    #expect(unknown?.reason == .unknownZone)
    let denied = zoneError { _ = try database.zone(named: "Asia/Kathmandu") }
    #expect(denied?.reason == .unreadable)
    #expect(denied?.description.contains("Permission denied") == true)
    let notZone = zoneError { _ = try database.zone(named: "zone.tab") }
    #expect(notZone?.reason == .malformedFile(byteOffset: 0))
  }

  struct SystemCase: CustomTestStringConvertible, Sendable {
    var name: String
    var variables: [String: String] = [:]
    var link: String?
    var localtimeFile = true
    var identifier: String
    var testDescription: String { name }
  }

  static let systemCases: [SystemCase] = [
    .init(
      name: "TZ unset, link into zoneinfo", link: "/usr/share/zoneinfo/Europe/Berlin",
      identifier: "Europe/Berlin"),
    .init(name: "relative link", link: "../usr/share/zoneinfo/Europe/Berlin", identifier: "Europe/Berlin"),
    .init(
      name: "link into posix/", link: "/usr/share/zoneinfo/posix/Europe/Berlin", identifier: "Europe/Berlin"),
    .init(name: "link elsewhere", link: "/opt/zones/berlin", identifier: "localtime"),
    .init(name: "plain file", identifier: "localtime"),
    .init(name: "no /etc/localtime", localtimeFile: false, identifier: "UTC"),
    .init(
      name: "dangling link", link: "/usr/share/zoneinfo/Gone/Away", localtimeFile: false, identifier: "UTC"),
    .init(
      name: "TZ empty", variables: ["TZ": ""], link: "/usr/share/zoneinfo/Europe/Berlin", identifier: "UTC"),
    .init(name: "TZ=:name", variables: ["TZ": ":Europe/Berlin"], identifier: "Europe/Berlin"),
    .init(name: "TZ=name", variables: ["TZ": "Europe/Berlin"], identifier: "Europe/Berlin"),
    .init(
      name: "TZ=path", variables: ["TZ": "/usr/share/zoneinfo/Europe/Berlin"], identifier: "Europe/Berlin"),
    .init(
      name: "TZ=:path", variables: ["TZ": ":/usr/share/zoneinfo/Europe/Berlin"], identifier: "Europe/Berlin"),
    .init(
      name: "TZ=POSIX rule", variables: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"],
      identifier: "CET-1CEST,M3.5.0,M10.5.0/3"),
    .init(
      name: "TZ=name that is also a rule, file wins", variables: ["TZ": "EST5EDT"], identifier: "EST5EDT"),
    .init(name: "TZ=rule without a file", variables: ["TZ": "JST-9"], identifier: "JST-9"),
  ]

  @Test(arguments: systemCases)
  func findsTheSystemZoneAsGlibcDoes(_ test: SystemCase) throws {
    let system = Self.system {
      $0.variables = test.variables
      if let link = test.link { $0.links["/etc/localtime"] = link }
      if test.localtimeFile { $0.files["/etc/localtime"] = Self.berlin }
    }
    let zone = try ZoneDatabase(system: system).systemZone()
    #expect(zone.identifier == test.identifier)
  }

  @Test(arguments: [
    ("Europe/Berln", ZoneError.Reason.unknownZone), ("CET-1CEST,M13.5.0,M1.1.0", .invalidRule(column: 12)),
    (":../../etc/passwd", .invalidName), ("/etc/shadow", .unknownZone),
  ])
  func aBrokenTZIsAnError(_ value: String, _ reason: ZoneError.Reason) {
    let database = ZoneDatabase(system: Self.system { $0.variables["TZ"] = value })
    let error = zoneError { _ = try database.systemZone() }
    #expect(error?.reason == reason, "\(error?.description ?? "")")
  }

  @Test func aDamagedLocaltimeIsAnErrorNotUTC() {
    let database = ZoneDatabase(system: Self.system { $0.files["/etc/localtime"] = Array("TZif".utf8) })
    #expect(throws: ZoneError.self) { try database.systemZone() }
  }

  @Test func listsZoneFilesOnlyOutsidePosixAndRight() {
    let names = ZoneDatabase(system: Self.system()).zoneNames()
    #expect(
      names == [
        "America/Argentina/Buenos_Aires", "America/New_York", "Asia/Kathmandu", "EST5EDT", "Etc/UTC",
        "Europe/Berlin",
      ])
  }

  @Test(arguments: [
    ("Europe/Berln", ["Europe/Berlin"]), ("europe/berlin", ["Europe/Berlin"]), ("Berlin", ["Europe/Berlin"]),
    ("new york", ["America/New_York"]), ("Buenos Aires", ["America/Argentina/Buenos_Aires"]),
    ("Katmandu", ["Asia/Kathmandu"]), ("Atlantis", []),
  ])
  func suggestsWhatAMistypedNameMeant(_ name: String, _ expected: [String]) {
    let database = ZoneDatabase(system: Self.system())
    #expect(database.suggestions(for: name, closest: Suggestion.closest(to:in:)) == expected)
  }

  /// A reload refused for an unknown zone finds its suggestions on the clock's loop: only the
  /// zones it suggests are read (reading every file took seconds on an emulated arm64), and a
  /// file that is no zone is never suggested, however close its name.
  @Test func suggestionsReadOnlyTheFilesTheySuggest() {
    let system = ReadCountingZoneSystem(
      inner: Self.system { $0.files["/usr/share/zoneinfo/Europe/Berlim"] = Array("# not a zone\n".utf8) })
    let database = ZoneDatabase(system: system)
    let suggested = database.suggestions(for: "Europe/Berln", closest: Suggestion.closest(to:in:))
    #expect(suggested == ["Europe/Berlin"])
    let read = system.paths
    #expect(read == ["/usr/share/zoneinfo/Europe/Berlin"])
    let named = database.suggestions(for: "europe/berlim", closest: Suggestion.closest(to:in:))
    #expect(!named.contains("Europe/Berlim"))
  }

  @Test func suggestsFromThisMachinesZones() {
    let names = Zones.database.zoneNames()
    #expect(
      ZoneName.suggestions(for: "Europe/Berln", among: names, closest: Suggestion.closest(to:in:)).first
        == "Europe/Berlin")
    #expect(
      ZoneName.suggestions(for: "Kolkatta", among: names, closest: Suggestion.closest(to:in:)) == [
        "Asia/Kolkata"
      ])
  }

  @Test(arguments: [
    ("GMT+2", "for a fixed UTC+2, Etc/GMT-2"), ("utc-5", "for a fixed UTC-5, Etc/GMT+5"),
    ("+14", "for a fixed UTC+14, Etc/GMT-14"), ("UTC+00:00", "for UTC itself, UTC"),
    ("UTC-05:00", "for a fixed UTC-5, Etc/GMT+5"), ("+0530", "keeps its summer time"),
    ("GMT-13", "keeps its summer time"),
  ])
  func anOffsetIsAnsweredWithTheZoneAndTheTurnedSign(_ name: String, _ expected: String) throws {
    let advice = try #require(ZoneName.offsetAdvice(for: name))
    #expect(advice.contains(expected), "\(advice)")
    if expected == "keeps its summer time" { #expect(!advice.contains("Etc/")) }
  }

  @Test(arguments: ["Europe/Berlin", "GMT", "UTC", "Etc/GMT-2", "+", "GMT+x", "UTC+123456", "-5h", ""])
  func anythingElseIsNoOffset(_ name: String) {
    #expect(ZoneName.offsetAdvice(for: name) == nil)
  }
}

/// A zone system that notes which files were read.
final class ReadCountingZoneSystem: ZoneSystem, @unchecked Sendable {
  let inner: MemoryZoneSystem
  private let lock = NSLock()
  private var read: [String] = []

  init(inner: MemoryZoneSystem) { self.inner = inner }

  var paths: [String] { lock.withLock { read } }

  func readFile(_ path: String, limit: Int) -> ZoneFileRead {
    lock.withLock { read.append(path) }
    return inner.readFile(path, limit: limit)
  }

  func listDirectory(_ path: String) -> [ZoneDirectoryEntry]? { inner.listDirectory(path) }
  func readLink(_ path: String) -> String? { inner.readLink(path) }
  func environment(_ name: String) -> String? { inner.environment(name) }
}
