import NixieCore

/// Turns a checked control request into a command for the daemon loop: the value must be
/// one the board can show (the same rules as `nixie show`), else the client gets the
/// formatter's message. A request that names no transition gets the clock's, as configured
/// when it is shown (so a reloaded configuration applies).
public struct ControlRequestHandler: Sendable {
  public let formatter: ValueFormatter
  public let inbox: ClockInbox

  public init(formatter: ValueFormatter, inbox: ClockInbox) {
    self.formatter = formatter
    self.inbox = inbox
  }

  /// Nil when the request was taken, else why not.
  public func handle(_ request: ControlRequest) -> String? {
    switch request {
    case .clear:
      inbox.post(.clear)
    case .show(let value, let seconds, let requested):
      do {
        let state = try formatter.format(value)
        inbox.post(.show(state, seconds: seconds, transition: requested))
      } catch {
        return error.description
      }
    }
    return nil
  }
}
