import NixieSystem
import NixieText

/// Reading a YAML file for a parser that reports problems with file and line: a file that
/// cannot be read, is not a regular file, or is too large to be a profile or a configuration
/// (over `FileReader.defaultLimit`, 1 MiB) is a `YAMLFileError` naming the path and the
/// reason. The parser checks the bytes are UTF-8, and says where they are not.
public enum YAMLFile {
  /// The bytes of the file at `path`.
  public static func read(_ path: String) throws(YAMLFileError) -> [UInt8] {
    do {
      return try FileReader.read(path)
    } catch {
      throw YAMLFileError(file: path, line: nil, column: nil, message: Self.reason(error))
    }
  }

  /// The reason part of `error`'s message (the path is the error's file).
  static func reason(_ error: FileError) -> String {
    switch error.problem {
    case .system(let errno): "cannot read the file: \(errno.message)"
    case .notARegularFile(let kind): "cannot read it: it is \(kind), not a regular file"
    case .fifoWithoutReader: "cannot read it: it is a FIFO"
    case .tooLarge(let limit):
      "the file is larger than \(ByteCount.text(limit)): it is not a profile or configuration"
    }
  }
}
