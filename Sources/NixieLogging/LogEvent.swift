/// One message on its way to a `LogHandler`.
public struct LogEvent: Hashable, Sendable {
  public var level: Logger.Level
  public var message: Logger.Message
  /// The label of the logger it came through.
  public var label: String

  public init(level: Logger.Level, message: Logger.Message, label: String) {
    self.level = level
    self.message = message
    self.label = label
  }
}
