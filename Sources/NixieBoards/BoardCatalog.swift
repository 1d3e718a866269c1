import NixieBoardModel
import NixieSystem
import NixieYAMLFiles

/// The board profiles built into the binary, and loading a profile by name or path.
public enum BoardCatalog {
  /// The default board (docs/HARDWARE.md, reference board 1).
  public static let defaultName = "hv5622-6xin14"

  /// The YAML text of every built-in profile, by name (compiled in from `Hardware/boards/`).
  public static let builtIn: [(name: String, yaml: String)] = [
    ("hv5622-6xin14", PackageResources.hv5622_6xin14_yaml),
    ("hv5622-6xin14-spi", PackageResources.hv5622_6xin14_spi_yaml),
    ("mcp23017-4xin12", PackageResources.mcp23017_4xin12_yaml),
    ("pcf8574-4xin12", PackageResources.pcf8574_4xin12_yaml),
    ("ncs314", PackageResources.ncs314_yaml),
    ("ncs314-hv5222", PackageResources.ncs314_hv5222_yaml),
    ("ncs314-v3", PackageResources.ncs314_v3_yaml),
    ("ncs312", PackageResources.ncs312_yaml),
    ("ncs318", PackageResources.ncs318_yaml),
    ("exixe-14", PackageResources.exixe_14_yaml),
    ("omnixie-ntdb", PackageResources.omnixie_ntdb_yaml),
    ("ncm109", PackageResources.ncm109_yaml),
  ].map { ($0.0, String(decoding: $0.1, as: UTF8.self)) }

  /// Where a board reference points.
  public enum Source: Hashable, Sendable {
    case builtIn(String)
    case file(String)
  }

  /// What `--board VALUE` refers to: a built-in name, or else a file path. Nil when it is
  /// neither a built-in name nor an existing file.
  public static func source(of reference: String) -> Source? {
    if builtIn.contains(where: { $0.name == reference }) { return .builtIn(reference) }
    if FileSystem.exists(reference) { return .file(reference) }
    return nil
  }

  /// Loads a built-in profile by name or a profile file by path.
  public static func load(_ source: Source) throws(YAMLFileError) -> BoardProfile {
    switch source {
    case .builtIn(let name):
      let yaml = builtIn.first { $0.name == name }?.yaml ?? ""
      return try parse(yaml, file: "<built-in \(name)>")
    case .file(let path):
      return try BoardProfileParser(file: path).parse(bytes: try YAMLFile.read(path))
    }
  }

  /// Parses and checks a profile's YAML text; `file` names it in error messages.
  public static func parse(_ yaml: String, file: String) throws(YAMLFileError) -> BoardProfile {
    try BoardProfileParser(file: file).parse(yaml)
  }
}
