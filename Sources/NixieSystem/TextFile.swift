/// Reads a whole text file (or standard input, `-`) that a command is given: a script, a
/// profile, a configuration. At most `FileReader.defaultLimit` bytes, regular files only;
/// invalid UTF-8 becomes U+FFFD.
public enum TextFile {
  /// The contents of `path` as UTF-8 text.
  public static func read(_ path: String, limit: Int = FileReader.defaultLimit) throws(FileError) -> String {
    let bytes =
      path == "-" ? try FileReader.readStandardInput(limit: limit) : try FileReader.read(path, limit: limit)
    return String(decoding: bytes, as: UTF8.self)
  }
}
