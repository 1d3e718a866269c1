/// The files a light sensor is read from, as the kernel's sysfs shows them: the real ones
/// (the clock's and `nixie doctor`'s, through NixieSystem) or a tree in memory (tests).
public protocol SensorFiles: Sendable {
  /// The names in `directory`, or nil when there is no such directory.
  func names(in directory: String) -> [String]?
  /// The text of the file at `path`, or why it cannot be read.
  func read(_ path: String) -> Result<String, SensorFileError>
}

/// Why a sensor's file could not be read, in words for the log (`cannot read PATH: …`).
public struct SensorFileError: Error, Hashable, Sendable, CustomStringConvertible {
  public let description: String

  public init(_ description: String) { self.description = description }
}
