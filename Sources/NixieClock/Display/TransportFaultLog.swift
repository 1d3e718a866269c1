import NixieLogging

/// Transient transport faults (an I2C NACK, a bus error) that the frame loop retries, logged
/// without flooding the journal: the first at once, then at most one line per `interval`
/// saying how many more came since. Call it from one thread (the frame loop's `onFault`).
public final class TransportFaultLog: @unchecked Sendable {
  private let logger: Logger
  /// Nanoseconds between lines while faults go on.
  public let interval: UInt64
  private var lastLine: UInt64?
  private var unreported = 0

  public init(logger: Logger, interval: UInt64 = 60_000_000_000) {
    self.logger = logger
    self.interval = interval
  }

  /// A fault at monotonic `time`; returns whether it was logged.
  @discardableResult
  public func record(_ error: any Error, at time: UInt64) -> Bool {
    if let lastLine, time < lastLine + interval {
      unreported += 1
      return false
    }
    let more = unreported > 0 ? " (and \(unreported) more since the last report)" : ""
    logger.warning("the display's transport failed, retrying: \(error)\(more)")
    lastLine = time
    unreported = 0
    return true
  }
}
