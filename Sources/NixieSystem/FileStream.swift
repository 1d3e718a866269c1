@preconcurrency import Glibc

/// A buffered text file (or standard output) as a `TextOutputStream`, for traces and logs.
public final class FileStream: TextOutputStream {
  private let file: UnsafeMutablePointer<FILE>
  private let ownsFile: Bool
  public let path: String

  /// Creates or truncates `path` for writing.
  public init(writingTo path: String) throws(FileError) {
    guard let file = fopen(path, "w") else { throw FileError(path: path, action: .write, errno: .current) }
    self.file = file
    self.ownsFile = true
    self.path = path
  }

  private init(file: UnsafeMutablePointer<FILE>, name: String) {
    self.file = file
    self.ownsFile = false
    self.path = name
  }

  /// Standard output.
  public static var standardOutput: FileStream { FileStream(file: stdout, name: "<stdout>") }
  /// Standard error.
  public static var standardError: FileStream { FileStream(file: stderr, name: "<stderr>") }

  public func write(_ string: String) { fputs(string, file) }

  public func flush() { fflush(file) }

  deinit {
    if ownsFile { fclose(file) } else { fflush(file) }
  }
}
