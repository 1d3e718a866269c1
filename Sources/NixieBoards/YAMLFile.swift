import Foundation

/// Reading a YAML file for a parser that reports problems with file and line: a file that
/// cannot be read, or is not UTF-8, is a `BoardFileError` naming the path.
public enum YAMLFile {
  /// The text of the file at `path`.
  public static func read(_ path: String) throws(BoardFileError) -> String {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw BoardFileError(
        file: path, line: nil, column: nil,
        message: "cannot read the file: \((error as NSError).localizedDescription)")
    }
    guard let yaml = String(data: data, encoding: .utf8) else {
      throw BoardFileError(file: path, line: nil, column: nil, message: "the file is not UTF-8 text")
    }
    return yaml
  }
}
