import NixieCore
import NixieSystem

/// Where a process's settings come from: the file named on the command line (`--config`), else
/// its default path when that exists, else none (the defaults alone). A file that cannot be read
/// or is wrong is a bad configuration (exit 78), its message naming the place.
public struct SettingsFile: Sendable {
  /// The file to read, nil when there is none.
  public var path: String?

  public init(given: String?, defaultPath: String) {
    path = given ?? (FileSystem.exists(defaultPath) ? defaultPath : nil)
  }

  /// The settings `read` makes of the file, or `defaults` without one.
  public func load<Settings>(
    defaults: Settings, _ read: (String) throws(YAMLFileError) -> Settings
  ) throws(NixieError) -> Settings {
    guard let path else { return defaults }
    do throws(YAMLFileError) {
      return try read(path)
    } catch {
      throw NixieError(.badConfiguration, error.description)
    }
  }
}
