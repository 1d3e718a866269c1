import NixieSystem

/// The process's choice of handler for `Logger(label:)`: the executable makes it once at start
/// (`bootstrap`); until then messages of level info and up go to standard error.
public enum LoggingSystem {
  private static let chosen = Locked<(@Sendable (String) -> any LogHandler)?>(nil)

  /// Makes `factory` the handler of every `Logger(label:)` created from now on.
  public static func bootstrap(_ factory: @escaping @Sendable (String) -> any LogHandler) {
    chosen.withLock { $0 = factory }
  }

  /// The handler for a new logger labelled `label`.
  static func factory(_ label: String) -> any LogHandler {
    chosen.withLock { $0 }?(label) ?? StandardErrorLogHandler(label: label)
  }
}
