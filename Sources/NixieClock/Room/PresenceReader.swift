import NixieLogging
import NixieSystem
import NixieTransports

/// The presence line's own thread: it waits for the line's events — libgpiod edge events on
/// the Pi, the simulator's input script otherwise — and posts whether someone is there
/// (`ClockCommand.presence`) to the daemon's inbox, the line's level at start first.
public final class PresenceReader: @unchecked Sendable {
  private let lines: LineInput
  private let activeHigh: Bool
  private let inbox: ClockInbox
  private let logger: Logger
  private let worker = WorkerThread()

  /// Reads `lines` (the presence line opened on the board's backend), active at `activeHigh`.
  public init(lines: LineInput, activeHigh: Bool, inbox: ClockInbox, logger: Logger) {
    self.lines = lines
    self.activeHigh = activeHigh
    self.inbox = inbox
    self.logger = logger
  }

  /// Posts the line's level now and starts the thread; throws when the system cannot make one.
  public func start() throws(SystemCallError) {
    inbox.post(.presence(active: lines.levels.contains(.presence) == activeHigh))
    try worker.start(name: "nixie-presence", onStop: { [self] in lines.cancel() }) { [self] in
      run()
      lines.retire()
    }
  }

  /// Ends the thread and waits for it.
  public func stop() {
    let started = worker.hasStarted
    worker.stop()
    if !started { lines.retire() }
  }

  private func run() {
    while !worker.isStopping {
      let batch: [LineEvent]?
      do {
        batch = try lines.source.next(until: nil)
      } catch {
        if !worker.isStopping { logger.error("the presence line is not read any more: \(error)") }
        return
      }
      // A script that has run out; a hardware source never ends.
      guard let batch else { return }
      for event in batch where event.role == .presence && !worker.isStopping {
        inbox.post(.presence(active: event.high == activeHigh))
      }
    }
  }
}

extension PresenceReader: ClockService {
  var name: String { "the presence line's thread" }
}
