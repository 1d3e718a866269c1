import NixieSystem
import NixieTime

/// The real operating system behind NixieTime's `ZoneSystem`: zone files read through
/// NixieSystem with the zone reader's size cap, directories listed, `/etc/localtime`'s link
/// read, the environment's `TZ`.
struct SystemZoneFiles: ZoneSystem {
  func readFile(_ path: String, limit: Int) -> ZoneFileRead {
    do {
      return .contents(try FileReader.read(path, limit: limit))
    } catch {
      switch error.problem {
      case .system(let errno) where errno == .noSuchFile || errno == .notADirectory: return .missing
      case .notARegularFile("a directory"): return .missing
      case .tooLarge: return .tooLarge
      case .system(let errno): return .failed(errno.message)
      case .notARegularFile(let kind): return .failed("it is \(kind)")
      case .fifoWithoutReader: return .failed("it is a FIFO")
      }
    }
  }

  func listDirectory(_ path: String) -> [ZoneDirectoryEntry]? {
    Directory.entries(in: path)?.map { ZoneDirectoryEntry(name: $0.name, isDirectory: $0.isDirectory) }
  }

  func readLink(_ path: String) -> String? { FileSystem.linkTarget(path) }

  func environment(_ name: String) -> String? { Environment.value(name) }
}
