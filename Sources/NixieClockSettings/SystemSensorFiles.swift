import NixieRoom
import NixieSystem

/// The real sysfs behind NixieRoom's `SensorFiles`: directories listed and small files read
/// through NixieSystem (a sysfs attribute is at most a page).
public struct SystemSensorFiles: SensorFiles {
  public init() {}

  public func names(in directory: String) -> [String]? {
    Directory.entries(in: directory)?.map(\.name)
  }

  public func read(_ path: String) -> Result<String, SensorFileError> {
    do {
      return .success(try TextFile.read(path, limit: 4096))
    } catch {
      return .failure(SensorFileError(error.description))
    }
  }
}
