/// What the clock daemon and its parts log through: a label and a handler that decides where
/// the lines go (the journal, a terminal, a test's record). The executable picks the handler
/// once with `LoggingSystem.bootstrap`; libraries take a `Logger` and never choose.
///
/// The shape is swift-log's (`Logger(label:)`, `logger.warning("…")`, `LogHandler`), the small
/// part of it nixie uses; nixie does not depend on swift-log, whose releases available here
/// need Swift 6.2 while nixie builds with Debian's Swift 6.0.
public struct Logger: Sendable {
  /// How much a message matters, from `trace` (least) to `critical` (most).
  public enum Level: String, CaseIterable, Hashable, Sendable, Comparable {
    case trace, debug, info, notice, warning, error, critical

    /// The place in `allCases`: higher is more severe.
    private var severity: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.severity < rhs.severity }
  }

  /// Key-value context a handler may add to each line.
  public typealias Metadata = [String: MetadataValue]

  /// A metadata value: text.
  public enum MetadataValue: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    case string(String)

    public init(stringLiteral value: String) { self = .string(value) }

    public var description: String {
      switch self {
      case .string(let text): text
      }
    }
  }

  /// The text of one message, written with string interpolation.
  public struct Message: Hashable, Sendable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public let description: String

    public init(stringLiteral value: String) { description = value }

    public init(stringInterpolation: DefaultStringInterpolation) {
      description = String(stringInterpolation: stringInterpolation)
    }
  }

  public let label: String
  public var handler: any LogHandler

  /// A logger whose handler is the one `LoggingSystem.bootstrap` installed.
  public init(label: String) {
    self.init(label: label, factory: LoggingSystem.factory)
  }

  /// A logger with a handler of its own (tests use this to record what was logged).
  public init(label: String, factory: (String) -> any LogHandler) {
    self.label = label
    handler = factory(label)
  }

  /// The least level this logger passes on.
  public var logLevel: Level {
    get { handler.logLevel }
    set { handler.logLevel = newValue }
  }

  /// Hands `message` to the handler when `level` is at least the logger's level.
  public func log(level: Level, _ message: @autoclosure () -> Message) {
    guard level >= handler.logLevel else { return }
    handler.log(event: LogEvent(level: level, message: message(), label: label))
  }

  public func trace(_ message: @autoclosure () -> Message) { log(level: .trace, message()) }
  public func debug(_ message: @autoclosure () -> Message) { log(level: .debug, message()) }
  public func info(_ message: @autoclosure () -> Message) { log(level: .info, message()) }
  public func notice(_ message: @autoclosure () -> Message) { log(level: .notice, message()) }
  public func warning(_ message: @autoclosure () -> Message) { log(level: .warning, message()) }
  public func error(_ message: @autoclosure () -> Message) { log(level: .error, message()) }
  public func critical(_ message: @autoclosure () -> Message) { log(level: .critical, message()) }
}
