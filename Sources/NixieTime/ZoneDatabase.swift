import NixieText

/// The system's time zones: zones by name from the TZif files under `directory`, the list of
/// names, and the system's own zone as glibc finds it (`TZ`, else `/etc/localtime`, else UTC).
/// Files, links and the environment come through `system`.
public struct ZoneDatabase: Sendable {
  public static let defaultDirectory = "/usr/share/zoneinfo"
  public static let defaultLocaltimePath = "/etc/localtime"
  /// Top-level entries of the zone directory that are not zone names: other builds of the
  /// same zones, and links standing for something else.
  static let skippedEntries: Set<String> = ["posix", "right", "localtime", "posixrules"]
  /// Bounds on listing, against link loops and runaway directories.
  static let maximumListingDepth = 4
  static let maximumListedNames = 5_000

  public let system: any ZoneSystem
  public let directory: String
  public let localtimePath: String

  public init(
    system: any ZoneSystem, directory: String = defaultDirectory, localtimePath: String = defaultLocaltimePath
  ) {
    self.system = system
    self.directory = directory
    self.localtimePath = localtimePath
  }

  /// The zone `identifier` (e.g. `Europe/Berlin`), checked with `ZoneName.validate` before
  /// anything is read. An unknown name is `ZoneError.Reason.unknownZone`; see `suggestions`.
  public func zone(named identifier: String) throws(ZoneError) -> ZoneCalendar {
    try ZoneName.validate(identifier)
    return try load(path: directory + "/" + identifier, identifier: identifier)
  }

  /// The zone in the TZif file at `path`, named `identifier`.
  public func load(path: String, identifier: String) throws(ZoneError) -> ZoneCalendar {
    switch system.readFile(path, limit: TZifFile.maximumSize) {
    case .contents(let bytes):
      return ZoneCalendar(identifier: identifier, file: try TZifFile(parsing: bytes, name: path))
    case .missing:
      throw ZoneError(
        .unknownZone,
        "unknown time zone \(Printable.quoted(identifier)) (no file \(Printable.quoted(path)); an IANA name"
          + " such as Europe/Berlin)")
    case .tooLarge:
      throw ZoneError(
        .tooLarge,
        "\(Printable.quoted(path)) is larger than a zone file's limit of \(TZifFile.maximumSize) bytes")
    case .failed(let reason):
      throw ZoneError(.unreadable, "cannot read \(Printable.quoted(path)): \(Printable.quoted(reason))")
    }
  }

  // MARK: Names

  /// Every zone name under `directory` (files that start with the TZif magic, reached through
  /// folders other than `posix` and `right`), sorted. Reads each file's start.
  public func zoneNames() -> [String] {
    var names: [String] = []
    collectNames(in: "", depth: 0, into: &names) { isZoneFile($0) }
    return names.sorted()
  }

  /// Whether the file at `name` below `directory` starts with the TZif magic.
  private func isZoneFile(_ name: String) -> Bool {
    guard case .contents(let bytes) = system.readFile(directory + "/" + name, limit: TZifFile.maximumSize)
    else { return false }
    return bytes.starts(with: "TZif".utf8)
  }

  /// The names below `folder` whose files `accept`, depth first.
  private func collectNames(
    in folder: String, depth: Int, into names: inout [String], accepting accept: (String) -> Bool
  ) {
    guard depth < Self.maximumListingDepth,
      let entries = system.listDirectory(folder.isEmpty ? directory : directory + "/" + folder)
    else { return }
    for entry in entries where names.count < Self.maximumListedNames {
      if folder.isEmpty && Self.skippedEntries.contains(entry.name) { continue }
      let name = folder.isEmpty ? entry.name : folder + "/" + entry.name
      guard ZoneName.isValid(name) else { continue }
      if entry.isDirectory {
        collectNames(in: name, depth: depth + 1, into: &names, accepting: accept)
      } else if accept(name) {
        names.append(name)
      }
    }
  }

  /// Zones `name` may have meant (see `ZoneName.suggestions`). Chosen among the names the
  /// directories list, without opening every file — a reload refused for an unknown zone runs
  /// this on the clock's loop, and reading ~600 files took seconds on an emulated arm64 — then
  /// only the zones suggested are read to check they are zones.
  public func suggestions(for name: String, closest: (String, [String]) -> String?) -> [String] {
    var listed: [String] = []
    collectNames(in: "", depth: 0, into: &listed) { _ in true }
    return ZoneName.suggestions(for: name, among: listed.sorted(), closest: closest).filter(isZoneFile)
  }

  // MARK: The system's zone

  /// The zone local time follows here, found as glibc finds it:
  /// - `TZ` set and empty: UTC. `TZ=:Europe/Berlin` or `TZ=:/path`: that zone file.
  ///   `TZ=/path`: that file. `TZ=Europe/Berlin`: the zone if its file exists, else the value
  ///   read as a POSIX rule (`CET-1CEST,M3.5.0,M10.5.0/3`), named by the value itself.
  /// - `TZ` unset: `/etc/localtime`, named by its link's target below a `zoneinfo` folder
  ///   (`../usr/share/zoneinfo/Europe/Berlin` → `Europe/Berlin`), `localtime` when it is a
  ///   plain file or links elsewhere; missing: UTC.
  /// A file that exists but is not a valid zone, or a `TZ` that is neither, is an error.
  public func systemZone() throws(ZoneError) -> ZoneCalendar {
    guard let value = system.environment("TZ") else { return try localtimeZone() }
    if value.isEmpty { return .utc }
    if value.first == ":" {
      let name = String(value.dropFirst())
      if name.isEmpty { return .utc }
      return name.first == "/" ? try zone(atPath: name) : try zone(named: name)
    }
    if value.first == "/" { return try zone(atPath: value) }
    if ZoneName.isValid(value) {
      do throws(ZoneError) {
        return try zone(named: value)
      } catch  where error.reason != .unknownZone {
        throw error
      } catch {}
    }
    do throws(ZoneError) {
      return ZoneCalendar(identifier: value, rule: try PosixTimeZoneRule(parsing: value))
    } catch {
      guard ZoneName.isValid(value) else { throw error }
      throw ZoneError(
        .unknownZone,
        "TZ=\(Printable.quoted(value)) is neither a zone in \(Printable.quoted(directory)) nor a POSIX TZ rule"
      )
    }
  }

  private func localtimeZone() throws(ZoneError) -> ZoneCalendar {
    let identifier = system.readLink(localtimePath).flatMap(Self.identifier(inPath:)) ?? "localtime"
    do throws(ZoneError) {
      return try load(path: localtimePath, identifier: identifier)
    } catch  where error.reason == .unknownZone {
      return .utc
    }
  }

  /// A zone file given by path, named by its place under a `zoneinfo` folder if it has one.
  private func zone(atPath path: String) throws(ZoneError) -> ZoneCalendar {
    try load(path: path, identifier: Self.identifier(inPath: path) ?? path)
  }

  /// `Europe/Berlin` for `/usr/share/zoneinfo/Europe/Berlin`, `../zoneinfo/posix/Europe/Berlin`
  /// and the like: what follows the last `zoneinfo` part (and a `posix` part after it), when
  /// it is a valid zone name.
  static func identifier(inPath path: String) -> String? {
    var parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard let folder = parts.lastIndex(of: "zoneinfo") else { return nil }
    parts = Array(parts[(folder + 1)...])
    if parts.first == "posix" { parts.removeFirst() }
    let name = parts.joined(separator: "/")
    return ZoneName.isValid(name) ? name : nil
  }
}
