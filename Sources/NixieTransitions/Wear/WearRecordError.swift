import NixieText

/// Why a wear file was refused: each case names the problem, and what it quotes from the file
/// is escaped (`Printable`), so a hostile file cannot put control characters on a terminal.
public enum WearRecordError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Longer than `WearRecord.maximumBytes`.
  case tooLarge(bytes: Int)
  /// Not JSON: the reader's message and where.
  case notJSON(String)
  /// JSON, but not the shape of a wear file: what is missing or of the wrong kind, and where.
  case malformed(String)
  /// A `version` other than `WearRecord.version`, as written.
  case unsupportedVersion(String)
  /// A time that is not a number of seconds from 0 to `WearRecord.maximumSeconds`.
  case badTime(tube: Int, cathode: String, value: String, reason: String)
  /// A cathode name the tube's model does not have.
  case unknownCathode(tube: Int, cathode: String, model: String)
  /// The file's tubes are not this board's: another count or other models.
  case otherBoard(String)

  public var description: String {
    switch self {
    case .tooLarge(let bytes):
      "the wear file is \(bytes) bytes, more than \(WearRecord.maximumBytes): not a wear file"
    case .notJSON(let message): "the wear file is not JSON: \(message)"
    case .malformed(let message): "the wear file is not a wear record: \(message)"
    case .unsupportedVersion(let version):
      "the wear file has version \(Printable.quoted(version)); this nixie reads version \(WearRecord.version)"
    case .badTime(let tube, let cathode, let value, let reason):
      "tube \(tube + 1), cathode \(Printable.quoted(cathode)): \(Printable.quoted(value)) is \(reason)"
    case .unknownCathode(let tube, let cathode, let model):
      "tube \(tube + 1) is an \(Printable.shortened(model)), which has no cathode \(Printable.quoted(cathode))"
    case .otherBoard(let message): "the wear file is from another board: \(message)"
    }
  }
}
