import NixieLogging
import NixieSystem
import Synchronization

/// systemd's watchdog for the clock: `WATCHDOG=1` goes out from the frame loop's heartbeat,
/// and only while the daemon loop has checked in recently — so if either loop gets stuck the
/// pings stop, and systemd (`WatchdogSec=`) kills and restarts the service.
///
/// The daemon loop calls `checkIn(at:)` every time it wakes, and wakes at least every
/// `interval`; the frame loop calls `beat(at:)` at most once per `interval`, which pings if
/// the last check-in is at most `tolerance` old. Both times are CLOCK_MONOTONIC.
public final class ClockWatchdog: @unchecked Sendable {
  /// Nanoseconds between pings: half of `$WATCHDOG_USEC`.
  public let interval: UInt64
  private let notifier: ServiceNotifier
  private let logger: Logger
  /// The daemon loop's latest check-in plus one (0: none yet).
  private let checkedIn = Atomic<UInt64>(0)
  /// Whether the last ping failed (only the frame loop touches it).
  private var failing = false

  /// Pings `notifier`'s service manager every `interval` nanoseconds while both loops run.
  public init(notifier: ServiceNotifier, interval: UInt64, logger: Logger = Logger(label: "nixie.clock")) {
    self.notifier = notifier
    self.interval = interval
    self.logger = logger
  }

  /// How old the daemon loop's check-in may be for a ping: two intervals, so a late wake-up
  /// still counts and a stuck loop stops the pings after at most that.
  public var tolerance: UInt64 { 2 * interval }

  /// The daemon loop is alive at monotonic `time`.
  public func checkIn(at time: UInt64) {
    checkedIn.store(time &+ 1, ordering: .releasing)
  }

  /// The frame loop is alive at monotonic `time`: sends `WATCHDOG=1` if the daemon loop is too.
  /// Returns whether it did.
  @discardableResult
  public func beat(at time: UInt64) -> Bool {
    let stamp = checkedIn.load(ordering: .acquiring)
    guard stamp != 0, time < stamp || time - (stamp - 1) <= tolerance else { return false }
    do {
      try notifier.notify(["WATCHDOG=1"])
      failing = false
    } catch {
      if !failing { logger.warning("cannot ping the service manager's watchdog: \(error)") }
      failing = true
    }
    return true
  }
}
