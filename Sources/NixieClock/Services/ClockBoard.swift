import NixieLogging
import NixieRuntime
import NixieSystem

/// The board the clock shows on, brought up (`DisplaySession`: the board opened on its
/// backend, the frame thread running, its heartbeat the watchdog's), as a service: started, its
/// frame and backlight threads go to SCHED_FIFO when nixie.yaml asks (`realtime: true`);
/// stopped, the frame thread's last write blanks the tubes and the board is given back.
final class ClockBoard: ClockService {
  let session: DisplaySession
  private let realtime: Bool
  private let logger: Logger

  init(session: DisplaySession, realtime: Bool, logger: Logger) {
    self.session = session
    self.realtime = realtime
    self.logger = logger
  }

  var name: String { "the board" }

  func start() {
    guard realtime else { return }
    goRealTime()
    session.backlight?.makeRealTime()
  }

  func stop() { session.finish(blanking: true) }

  /// The frame thread at SCHED_FIFO, then the memory locked. Either refusal is said once,
  /// with what allows it, and the clock runs on without it.
  private func goRealTime() {
    let allow =
      "as a service, install the drop-in realtime.conf from /usr/share/nixie (or /usr/local/share/nixie; "
      + "its header says how); by hand, run as root"
    do {
      try session.scheduler.makeRealTime()
    } catch {
      logger.warning("realtime: the frame thread keeps normal priority (\(error)): \(allow)")
      return
    }
    do {
      try RealTime.lockMemory()
    } catch {
      logger.warning("realtime: memory not locked (\(error)): \(allow)")
      return
    }
    logger.info("realtime: frame thread at SCHED_FIFO \(RealTime.priority), memory locked")
  }
}
