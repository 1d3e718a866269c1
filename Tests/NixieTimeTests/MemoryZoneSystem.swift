import NixieTime

/// A file system, links and environment in memory, for the database's decisions.
struct MemoryZoneSystem: ZoneSystem {
  var files: [String: [UInt8]] = [:]
  var links: [String: String] = [:]
  var variables: [String: String] = [:]
  var unreadable: [String: String] = [:]

  func readFile(_ path: String, limit: Int) -> ZoneFileRead {
    if let reason = unreadable[path] { return .failed(reason) }
    guard let bytes = files[path] ?? links[path].flatMap({ files[$0] }) else { return .missing }
    return bytes.count > limit ? .tooLarge : .contents(bytes)
  }

  func listDirectory(_ path: String) -> [ZoneDirectoryEntry]? {
    let prefix = path + "/"
    var entries: [String: Bool] = [:]
    for file in files.keys where file.hasPrefix(prefix) {
      let rest = file.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
      entries[String(rest[0])] = rest.count > 1 || entries[String(rest[0])] == true
    }
    return entries.isEmpty ? nil : entries.map { ZoneDirectoryEntry(name: $0.key, isDirectory: $0.value) }
  }

  func readLink(_ path: String) -> String? { links[path] }

  func environment(_ name: String) -> String? { variables[name] }
}
