import NixieCore

/// Turns a checked control request into a command for the daemon loop: the value must be
/// one the board can show (the same rules as `nixie show`), else the client gets the
/// formatter's message.
public struct ControlRequestHandler: Sendable {
  public let formatter: ValueFormatter
  public let inbox: ClockInbox
  /// The transition when a request names none.
  public let transition: ClockTransition

  public init(formatter: ValueFormatter, inbox: ClockInbox, transition: ClockTransition) {
    self.formatter = formatter
    self.inbox = inbox
    self.transition = transition
  }

  /// Nil when the request was taken, else why not.
  public func handle(_ request: ControlRequest) -> String? {
    switch request {
    case .clear:
      inbox.post(.clear)
    case .show(let value, let seconds, let requested):
      do {
        let state = try formatter.format(value)
        inbox.post(.show(state, seconds: seconds, transition: requested ?? transition))
      } catch {
        return error.description
      }
    }
    return nil
  }
}
