import NixieCore
import NixieDisplay
import NixieLogging
import NixieSystem
import NixieText
import NixieTransitions

/// Tube care's count as a service: it holds the count the frame scheduler adds every frame to
/// (`count`), and a thread that writes it to the wear file every `interval` (10 minutes: six
/// writes an hour, 144 a day on an SD card) and once more when it stops — after the board,
/// so the blank that ends the clock is counted. Without a file it counts in memory only.
final class WearKeeping: ClockService, @unchecked Sendable {
  /// How often the count is written while the clock runs.
  static let interval: UInt64 = 600_000_000_000

  let count: Locked<WearCount>
  private let file: WearFile?
  private let clock: MonotonicClock
  private let logger: Logger
  private let worker = WorkerThread()
  /// The last save's failure, said once until a save succeeds again.
  private let lastFailure = Locked<String?>(nil)

  var name: String { "the wear file's thread" }

  /// Counting on from what `file` holds (read now), on `clock`'s time.
  init(file: WearFile?, layout: DisplayLayout, clock: MonotonicClock, logger: Logger) {
    self.file = file
    self.clock = clock
    self.logger = logger
    let wear = file?.load(logger: logger) ?? CathodeWear(layout: layout)
    count = Locked(WearCount(wear: wear, at: clock.now()))
  }

  func start() throws {
    guard file != nil else { return }
    try worker.start(name: "nixie-wear") { [self] in
      var due = clock.now() + Self.interval
      while true {
        let now = clock.now()
        if now >= due {
          save()
          due = now + Self.interval
          continue
        }
        guard (try? worker.wait(for: [], timeout: due - now)) != nil else { return }
      }
    }
  }

  func stop() {
    worker.stop()
    save()
  }

  /// The counts up to now.
  func wear() -> CathodeWear {
    let now = clock.now()
    return count.withLock {
      $0.count(until: now)
      return $0.wear
    }
  }

  /// Writes the counts up to now to the file, if there is one; a failure is a warning (said
  /// once until a save works again), and the count goes on in memory.
  private func save() {
    guard let file else { return }
    do throws(SystemCallError) {
      try file.save(wear())
      let hadFailed = lastFailure.withLock { failure in
        defer { failure = nil }
        return failure != nil
      }
      if hadFailed { logger.notice("wear file \(Printable.escaped(file.path)): written again") }
    } catch {
      let message = "\(error)"
      let first = lastFailure.withLock { previous in
        defer { previous = message }
        return previous != message
      }
      if first { logger.warning("tube care's count not written: \(message); it goes on in memory") }
    }
  }
}
