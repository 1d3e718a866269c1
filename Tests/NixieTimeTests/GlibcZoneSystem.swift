import Glibc
import NixieTime

/// The real operating system behind `ZoneSystem`, as the OS layer will provide it: files read
/// with a cap, directories listed with links followed, `readlink`, `getenv`.
struct GlibcZoneSystem: ZoneSystem {
  func readFile(_ path: String, limit: Int) -> ZoneFileRead {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      return errno == ENOENT || errno == ENOTDIR ? .missing : .failed(String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while bytes.count <= limit {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return errno == EISDIR ? .missing : .failed(String(cString: strerror(errno)))
      }
      if count == 0 { return .contents(bytes) }
      bytes += buffer.prefix(count)
    }
    return .tooLarge
  }

  func listDirectory(_ path: String) -> [ZoneDirectoryEntry]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var entries: [ZoneDirectoryEntry] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name == "." || name == ".." { continue }
      var status = stat()
      guard stat(path + "/" + name, &status) == 0 else { continue }
      entries.append(ZoneDirectoryEntry(name: name, isDirectory: status.st_mode & S_IFMT == S_IFDIR))
    }
    return entries
  }

  func readLink(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
