import NixieSystem

/// The handler before `LoggingSystem.bootstrap`: `label: level: message` lines on standard
/// error, info and up.
public struct StandardErrorLogHandler: LogHandler {
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .info
  public let label: String

  public init(label: String) {
    self.label = label
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    let standardError = FileStream.standardError
    standardError.write("\(label): \(event.level): \(event.message)\n")
    standardError.flush()
  }
}
