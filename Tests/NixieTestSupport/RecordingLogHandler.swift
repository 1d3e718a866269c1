import NixieLogging
import NixieSystem

/// A log handler that keeps the messages, for tests that check what was logged.
public struct RecordingLogHandler: LogHandler {
  let record: LogRecord
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .trace

  public init(record: LogRecord) { self.record = record }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    record.lines.withLock { $0.append("\(event.level): \(event.message)") }
  }
}

/// Where a `RecordingLogHandler` writes: each message as `level: message`.
public final class LogRecord: Sendable {
  public let lines = Locked<[String]>([])
  public init() {}
  public var logger: Logger { Logger(label: "test") { _ in RecordingLogHandler(record: self) } }
  public var all: [String] { lines.withLock { $0 } }
}
