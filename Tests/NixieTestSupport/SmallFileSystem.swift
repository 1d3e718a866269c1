import Foundation

/// A file system that fills up: a tmpfs of a few kilobytes mounted on a fresh folder, for tests
/// of what nixie writes when the disk is full. Mounting needs root (CAP_SYS_ADMIN); tests that
/// use it are enabled by `isAvailable` and say why when they are not.
public final class SmallFileSystem {
  public let path: String

  /// Mounts a tmpfs of `kilobytes` (rounded up to whole pages by the kernel).
  public init(kilobytes: Int) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-full-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.path
    guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]) else {
      try? FileManager.default.removeItem(at: folder)
      throw ToolProcess.Failure(description: "mount -t tmpfs on \(path) failed")
    }
  }

  deinit {
    _ = Self.run("/bin/umount", [path])
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Whether this process may mount one (it is root, and mount works here).
  public static let isAvailable: Bool = {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount") else { return false }
    return (try? SmallFileSystem(kilobytes: 4)) != nil
  }()

  private static func run(_ tool: String, _ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}
