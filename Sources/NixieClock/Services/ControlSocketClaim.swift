import NixieClockSettings
import NixieControl
import NixieCore
import NixieLogging
import NixieSystem

/// The control socket's file, claimed before the board is touched, so that a second clock on
/// the same socket is refused (exit 69, naming the first) before it drives the tubes; removed
/// when the clock stops. A socket that cannot be made is a warning: the clock runs without it,
/// and `nixie send` will not reach it.
final class ControlSocketClaim: ClockService {
  private let control: ClockConfiguration.Control
  private let logger: Logger
  /// The socket claimed, once started; nil when it could not be made.
  private(set) var socket: ListeningSocketFile?

  init(_ control: ClockConfiguration.Control, logger: Logger) {
    self.control = control
    self.logger = logger
  }

  var name: String { "the control socket" }

  /// Claims the socket; another clock on it — or anything else listening there — is exit 69,
  /// named.
  func start() throws(NixieError) {
    let path = control.socket ?? ControlSocketPath.forClock()
    do {
      try ControlSocketPath.prepare(path)
      socket = try ControlServer.claim(path: path, group: control.group)
    } catch let error as ListeningSocketFile.Failure {
      switch error {
      case .held(let path, let pid):
        throw NixieError(
          .unavailable,
          "another nixie clock\(pid.map { " (PID \($0))" } ?? "") is running on the control socket \(path):"
            + " stop it first, or give this one another --socket")
      case .inUse:
        throw NixieError(.unavailable, "\(error): stop it first, or give this clock another --socket")
      case .system:
        logger.warning("no control socket (nixie send will not reach this clock): \(error)")
      }
    } catch {
      logger.warning("no control socket (nixie send will not reach this clock): \(error)")
    }
  }

  func stop() { socket?.remove() }
}
