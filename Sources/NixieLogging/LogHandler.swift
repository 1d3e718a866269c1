/// Where a `Logger`'s messages go: the journal or a terminal (the executable's handler), a
/// test's record, standard error by default.
public protocol LogHandler: Sendable {
  /// Context for every line this handler writes.
  var metadata: Logger.Metadata { get set }
  /// The least level written; `Logger` drops lower ones before they are built.
  var logLevel: Logger.Level { get set }
  subscript(metadataKey key: String) -> Logger.Metadata.Value? { get set }
  /// Writes one message.
  func log(event: LogEvent)
}
