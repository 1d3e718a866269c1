import Foundation

/// Reading a YAML file for a parser that reports problems with file and line: a file that
/// cannot be read, or is too large to be a profile or a configuration, is a `BoardFileError`
/// naming the path. The parser checks the bytes are UTF-8, and says where they are not.
public enum YAMLFile {
  /// A profile or configuration is a few kB; anything much larger is not one.
  public static let maximumBytes = 1 << 20

  /// The bytes of the file at `path`.
  public static func read(_ path: String) throws(BoardFileError) -> [UInt8] {
    let data: Data?
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      data = try handle.read(upToCount: maximumBytes + 1)
    } catch {
      throw failure(path, "cannot read the file: \((error as NSError).localizedDescription)")
    }
    let bytes = [UInt8](data ?? Data())
    guard bytes.count <= maximumBytes else {
      throw failure(
        path, "the file is larger than \(maximumBytes / 1024) KiB: it is not a profile or configuration")
    }
    return bytes
  }

  private static func failure(_ path: String, _ message: String) -> BoardFileError {
    BoardFileError(file: path, line: nil, column: nil, message: message)
  }
}
