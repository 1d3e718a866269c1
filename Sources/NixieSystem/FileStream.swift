import Glibc

/// A text file nixie writes — a trace, a frames log, standard output or standard error — as a
/// `TextOutputStream` buffered in memory and written with write(2) on `flush()`.
///
/// Writing never ends the process: the first failure (a full disk, EIO, a reader that went
/// away: EPIPE, with SIGPIPE ignored by `Signals.ignoreBrokenPipes()`) is kept in `failure`,
/// and from then on the stream drops what it is given, so a daemon keeps driving the tubes and
/// a one-shot command can report it at the end. Opening never blocks: a FIFO with no reader is
/// refused at once. Thread-safe: log lines may come from any thread.
///
/// Whole lines or nothing: a file this stream made ends with a whole line whatever fails. A
/// write that fails part-way (the disk filled in the middle of a line) is cut back
/// (`ftruncate`) to the end of the last whole line written, so a reader of a frames log or
/// trace never meets half a record.
public final class FileStream: TextOutputStream, @unchecked Sendable {
  public let path: String
  private let descriptor: FileDescriptor
  private let lock = Condition()
  /// Guarded by `lock`.
  private var buffer: [UInt8] = []
  private var firstFailure: FileError?
  /// Whether this stream made the file (and may cut it back after a failed write).
  private let owned: Bool
  /// Bytes written so far, and where the last whole line written ends.
  private var written: Int64 = 0
  private var wholeLinesEnd: Int64 = 0

  /// Flushes by itself past this many buffered bytes.
  static let bufferLimit = 65_536

  /// Creates or truncates `path` for writing (mode 0644 before the umask).
  /// The corresponding C function is `open` with O_NONBLOCK, cleared once open.
  public init(writingTo path: String) throws(FileError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK, 0o644)
    guard fd >= 0 else {
      let error = Errno.current
      // ENXIO on a non-blocking open for writing: a FIFO nobody reads.
      let problem: FileError.Problem =
        switch error.rawValue {
        case ENXIO: .fifoWithoutReader
        case EISDIR: .notARegularFile("a directory")
        default: .system(error)
        }
      throw FileError(path: path, action: .write, problem: problem)
    }
    descriptor = FileDescriptor(fd)
    self.path = path
    owned = true
    try? descriptor.setNonBlocking(false)
  }

  private init(borrowing fd: Int32, name: String) {
    descriptor = FileDescriptor(borrowing: fd)
    path = name
    owned = false
  }

  /// Standard output.
  public static let standardOutput = FileStream(borrowing: STDOUT_FILENO, name: "<stdout>")
  /// Standard error.
  public static let standardError = FileStream(borrowing: STDERR_FILENO, name: "<stderr>")

  /// Appends `string`; nothing reaches the file before `flush()` (or a full buffer).
  public func write(_ string: String) {
    lock.withLock {
      guard firstFailure == nil else { return }
      buffer.append(contentsOf: string.utf8)
      if buffer.count >= Self.bufferLimit { writeBuffer() }
    }
  }

  /// Writes `text` and a newline, and flushes: one whole line, at once.
  public func line(_ text: String) {
    write(text + "\n")
    flush()
  }

  /// Writes what is buffered.
  public func flush() { lock.withLock { writeBuffer() } }

  /// The first write that failed, if any; the stream has dropped everything since.
  public var failure: FileError? { lock.withLock { firstFailure } }

  /// With `lock` held. A failure part-way cuts the file back to its last whole line.
  /// The corresponding C functions are `write` and, after a failure, `ftruncate`.
  private func writeBuffer() {
    defer { buffer.removeAll(keepingCapacity: buffer.count <= Self.bufferLimit) }
    guard firstFailure == nil, !buffer.isEmpty else { return }
    var offset = 0
    while offset < buffer.count {
      let count: Int
      do throws(SystemCallError) {
        count = try SystemCall.run("write") {
          buffer.withUnsafeBytes { raw -> Int in
            guard let base = raw.baseAddress else { return 0 }
            return Glibc.write(descriptor.rawValue, base + offset, raw.count - offset)
          }
        }
        guard count > 0 else { throw SystemCallError("write", errno: EIO) }
      } catch {
        firstFailure = FileError(path: path, action: .write, errno: error.errno)
        if owned && written > wholeLinesEnd { _ = ftruncate(descriptor.rawValue, off_t(wholeLinesEnd)) }
        return
      }
      if let newline = buffer[offset..<offset + count].lastIndex(of: UInt8(ascii: "\n")) {
        wholeLinesEnd = written + Int64(newline - offset + 1)
      }
      written += Int64(count)
      offset += count
    }
  }

  deinit { flush() }
}
