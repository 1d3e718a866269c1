import NixieControl
import NixieDisplay

/// Turns a checked control request into a command for the daemon loop or an answer: a value
/// must be one the board can show (the same rules as `nixie show`), else the client gets the
/// formatter's message. A request that names no transition gets the clock's, as configured
/// when it is shown (so a reloaded configuration applies). Version 2's `state` and `set` need
/// the report and the editor; without them they are refused.
public struct ControlRequestHandler: Sendable {
  public let formatter: ValueFormatter
  public let inbox: ClockInbox
  public let editor: ClockSettingsEditor?
  public let report: ClockStateReport?

  public init(
    formatter: ValueFormatter, inbox: ClockInbox, editor: ClockSettingsEditor? = nil,
    report: ClockStateReport? = nil
  ) {
    self.formatter = formatter
    self.inbox = inbox
    self.editor = editor
    self.report = report
  }

  public func handle(_ request: ControlRequest) -> ControlReply {
    switch request {
    case .clear:
      inbox.post(.clear)
    case .show(let value, let seconds, let requested, let groupDigits):
      do {
        let state = try formatter.format(value, options: FormatOptions(groupDigits: groupDigits))
        inbox.post(.show(state, seconds: seconds, transition: requested))
      } catch {
        return .refused(error.description)
      }
    case .state:
      guard let report else { return .refused("this clock does not report its state") }
      return .answer(key: "state", json: report.json())
    case .change(let change):
      guard let editor else { return .refused("this clock's settings cannot be changed here") }
      switch editor.apply(change) {
      case .failure(let error): return .refused(error.message)
      case .success:
        return .answer(key: "saved", json: editor.settings.overridesFile == nil ? "false" : "true")
      }
    case .antiPoisoning(let seconds):
      inbox.post(.runAntiPoisoning(seconds: seconds))
    case .subscribe:
      return .refused("'subscribe' is answered by the server")
    }
    return .ok
  }
}
