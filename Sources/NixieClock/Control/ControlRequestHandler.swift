import NixieControl
import NixieDisplay
import NixieSystem
import NixieText

/// Turns a checked control request into a command for the daemon loop or an answer: a value
/// must be one the board can show (the same rules as `nixie show`), else the client gets the
/// formatter's message. A request that names no transition gets the clock's, as configured
/// when it is shown (so a reloaded configuration applies). Version 2's `state` and `set` need
/// the report and the editor; without them they are refused.
///
/// An answer goes out once the loop has applied what the request posted (up to
/// `appliedWithin`), so a `state` asked after an answer shows its effect.
public struct ControlRequestHandler: Sendable {
  public let formatter: ValueFormatter
  public let inbox: ClockInbox
  public let editor: ClockSettingsEditor?
  public let report: ClockStateReport?
  /// CLOCK_MONOTONIC, for the bound on waiting for the loop.
  private let now: @Sendable () -> UInt64

  /// How long an answer waits for the loop to apply its request: a loop that takes longer is
  /// stuck, and the answer goes out anyway.
  public static let appliedWithin: UInt64 = 500_000_000

  public init(
    formatter: ValueFormatter, inbox: ClockInbox, editor: ClockSettingsEditor? = nil,
    report: ClockStateReport? = nil, now: @escaping @Sendable () -> UInt64 = { SystemClock().now() }
  ) {
    self.formatter = formatter
    self.inbox = inbox
    self.editor = editor
    self.report = report
    self.now = now
  }

  public func handle(_ request: ControlRequest) -> ControlReply {
    let reply = answer(request)
    report?.status.waitUntilApplied(inbox.posted, deadline: now() &+ Self.appliedWithin)
    return reply
  }

  private func answer(_ request: ControlRequest) -> ControlReply {
    switch request {
    case .clear:
      inbox.post(.clear)
    case .show(let value, let seconds, let requested, let groupDigits):
      do {
        let state = try formatter.format(value, options: FormatOptions(groupDigits: groupDigits))
        inbox.post(.show(state, seconds: seconds, transition: requested, text: value))
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
    case .subscribe, .subscribeState:
      return .refused("'subscribe' is answered by the server")
    case .display(let on):
      inbox.post(.display(on: on))
    case .face(let face):
      if let face {
        let count = report?.status.snapshot?.planner.rotation.turns.count ?? 1
        guard face < count else {
          return .refused("there is no face \(face): the rotation has \(count) (0 to \(count - 1))")
        }
      }
      inbox.post(.chooseFace(face))
    case .night(let night):
      inbox.post(.setNight(night))
    case .faceValue(let topic, let value):
      return faceValue(topic: topic, value: value)
    case .wear:
      guard let json = report?.wearJSON() else {
        return .refused("this clock does not count its tubes' glow")
      }
      return .answer(key: "wear", json: json)
    case .alarm(let action):
      if let refusal = Self.refusal(of: action, alarms: report?.status.snapshot?.alarms) {
        return .refused(refusal)
      }
      inbox.post(.alarm(action))
    case .countdown(let seconds):
      if seconds > 0, let planner = report?.status.snapshot?.planner, planner.countdownFaces == nil {
        return .refused("this board cannot show a countdown (it needs four tubes for mm:ss)")
      }
      inbox.post(.countdown(seconds: seconds))
    case .stopwatch(let action):
      if let planner = report?.status.snapshot?.planner, planner.stopwatchFaces == nil {
        return .refused("this board cannot show a stopwatch (it needs four tubes)")
      }
      inbox.post(.stopwatch(action))
    }
    return .ok
  }

  /// Why `action` has nothing to act on, as the loop last reported the alarms; nil: post it.
  static func refusal(of action: AlarmAction, alarms: AlarmsReport?) -> String? {
    guard let alarms else { return nil }
    switch (action, alarms.bell) {
    case (.snooze, .silent), (.stop, .silent): return "no alarm rings"
    case (.snooze, .snoozed): return "the alarm is snoozed already ('stop' ends it)"
    case (.skipNext, _) where alarms.next == nil: return "no alarm is set to ring"
    default: return nil
    }
  }

  /// A topic face's value, laid out with that face's decimals and grouping as `show` lays a value
  /// out; refused with the formatter's message, or when no face shows the topic.
  private func faceValue(topic: String, value: String) -> ControlReply {
    let turns = report?.status.snapshot?.planner.rotation.turns ?? []
    guard let face = turns.compactMap(\.topic).first(where: { $0.topic == topic }) else {
      let topics = turns.compactMap(\.topic).map { "'\(Printable.escaped($0.topic))'" }
      return .refused(
        "no face shows the topic '\(Printable.escaped(topic))'"
          + (topics.isEmpty
            ? " (the clock's faces show no topic)" : "; faces show " + topics.joined(separator: ", ")))
    }
    do {
      let state = try formatter.format(value, options: face.formatOptions)
      inbox.post(.faceValue(topic: topic, state: state))
      return .ok
    } catch {
      return .refused(error.description)
    }
  }
}
