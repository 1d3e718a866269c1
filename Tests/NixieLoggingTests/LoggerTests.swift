import NixieLogging
import Synchronization
import Testing

/// A handler that keeps `level: message` lines.
final class Record: Sendable {
  let lines = Mutex<[String]>([])

  struct Handler: LogHandler {
    let record: Record
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      record.lines.withLock { $0.append("\(event.label) \(event.level): \(event.message)") }
    }
  }
}

/// The logger passes on what is at least its level, and builds nothing it drops.
struct LoggerTests {
  @Test func levelsAreOrderedFromTraceToCritical() {
    let levels = Logger.Level.allCases
    #expect(levels.map(\.rawValue) == ["trace", "debug", "info", "notice", "warning", "error", "critical"])
    for (lower, higher) in zip(levels, levels.dropFirst()) {
      #expect(lower < higher)
      #expect(!(higher < lower))
    }
  }

  @Test(arguments: Logger.Level.allCases)
  func aLoggerPassesOnItsLevelAndAbove(_ threshold: Logger.Level) {
    let record = Record()
    let logger = Logger(label: "test") { _ in Record.Handler(record: record, logLevel: threshold) }
    let sent: [(Logger.Level, (Logger.Message) -> Void)] = [
      (.trace, { logger.trace($0) }), (.debug, { logger.debug($0) }), (.info, { logger.info($0) }),
      (.notice, { logger.notice($0) }), (.warning, { logger.warning($0) }), (.error, { logger.error($0) }),
      (.critical, { logger.critical($0) }),
    ]
    for (level, send) in sent { send("at \(level.rawValue)") }
    let expected = Logger.Level.allCases.filter { $0 >= threshold }.map { "test \($0): at \($0.rawValue)" }
    #expect(record.lines.withLock { $0 } == expected)
  }

  @Test func aDroppedMessageIsNeverBuilt() {
    let record = Record()
    let built = Mutex(0)
    let logger = Logger(label: "test") { _ in Record.Handler(record: record, logLevel: .warning) }
    func expensive() -> String {
      built.withLock { $0 += 1 }
      return "text"
    }
    logger.info("\(expensive())")
    logger.error("\(expensive())")
    #expect(built.withLock { $0 } == 1)
    #expect(record.lines.withLock { $0 } == ["test error: text"])
  }

  @Test func bootstrapChoosesTheHandlerOfLaterLoggers() {
    let record = Record()
    LoggingSystem.bootstrap { _ in Record.Handler(record: record, logLevel: .info) }
    Logger(label: "daemon").notice("started")
    #expect(record.lines.withLock { $0 } == ["daemon notice: started"])
  }
}
