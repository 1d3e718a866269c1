import Glibc

/// Reading whole files a user names — board profiles, configurations, knob scripts, zone
/// files — with a size limit, and only from regular files: a directory, a FIFO or a device is
/// refused at once with a message that says what it is (a FIFO with no writer never blocks
/// the open), and a file over the limit is refused without reading it all.
public enum FileReader {
  /// What nixie reads of a file a user names, at most: 1 MiB.
  public static let defaultLimit = 1 << 20

  /// The bytes of the regular file at `path`, at most `limit` of them.
  /// The corresponding C functions are `open` (O_NONBLOCK), `fstat` and `read`.
  public static func read(_ path: String, limit: Int = defaultLimit) throws(FileError) -> [UInt8] {
    let descriptor: Int32
    do {
      descriptor = try SystemCall.run("open", subject: path) { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    } catch {
      throw FileError(path: path, action: .read, errno: error.errno)
    }
    let file = FileDescriptor(descriptor)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw FileError(path: path, action: .read, errno: .current) }
    if let kind = kind(of: status.st_mode) {
      throw FileError(path: path, action: .read, problem: .notARegularFile(kind))
    }
    if status.st_size > limit { throw FileError(path: path, action: .read, problem: .tooLarge(limit: limit)) }
    return try readAll(file, path: path, limit: limit)
  }

  /// Standard input, at most `limit` bytes (a pipe or a terminal is fine here).
  public static func readStandardInput(limit: Int = defaultLimit) throws(FileError) -> [UInt8] {
    try readAll(FileDescriptor(borrowing: STDIN_FILENO), path: "<stdin>", limit: limit)
  }

  /// Everything until end of file, refusing more than `limit` bytes.
  private static func readAll(_ file: FileDescriptor, path: String, limit: Int) throws(FileError) -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
      let chunk: [UInt8]?
      do {
        chunk = try file.read(upTo: 65_536)
      } catch {
        throw FileError(path: path, action: .read, errno: error.errno)
      }
      guard let chunk else {
        // A non-blocking descriptor with nothing yet (a regular file never says so).
        _ = try? Poll.readable([file.rawValue], timeout: nil)
        continue
      }
      if chunk.isEmpty { return bytes }
      bytes += chunk
      if bytes.count > limit { throw FileError(path: path, action: .read, problem: .tooLarge(limit: limit)) }
    }
  }

  /// What a file of this mode is, when it is not a regular file: `a directory`, `a FIFO`, …
  static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
  }
}
