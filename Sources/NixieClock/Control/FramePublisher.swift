import NixieDisplay
import NixieSystem
import NixieText
import NixieTransitions

/// The tubes' frames for subscribers of the control socket (`nixie web`'s live view): the
/// transition the frame scheduler was last asked for, sampled as duties.
///
/// The frame thread is never touched: the scheduler hands over each new plan (a `FadeTimeline`
/// and the brightness) on the thread that requested it — the daemon loop's — and the control
/// server's thread samples the plan at its own pace (`frame(at:)`, every `interval` while a
/// transition runs, once when it settles). A sample is what the engine itself computes a
/// transition's starting point from, so cross-fades, the slot machine and dimming show as the
/// tubes show them.
public final class FramePublisher: Sendable {
  /// A plan and when it came.
  private struct Plan: Sendable {
    var timeline: FadeTimeline
    var brightness: Double
  }

  public let layout: DisplayLayout
  /// How often a running transition is sampled: 25 frames a second.
  public let interval: UInt64
  private let plan: Locked<Plan>
  private let listener = LockedAction<Void, Void>()

  public init(layout: DisplayLayout, interval: UInt64 = 40_000_000) {
    self.layout = layout
    self.interval = interval
    plan = Locked(Plan(timeline: .steady(layout.blank), brightness: 1))
  }

  /// A new plan from the frame scheduler (any thread but the frame thread).
  public func planned(_ timeline: FadeTimeline, brightness: Double) {
    plan.withLock { $0 = Plan(timeline: timeline, brightness: brightness) }
    listener()
  }

  /// Calls `action` after each new plan (the control server's wake-up).
  func onPlan(_ action: @escaping @Sendable () -> Void) {
    listener.set(action)
  }

  /// What the tubes show at monotonic `now`: the target state and its brightness.
  public func target() -> (state: DisplayState, brightness: Double) {
    plan.withLock { ($0.timeline.target, $0.brightness) }
  }

  /// The frame at monotonic `now` as a JSON object, and whether nothing changes after it:
  /// `{"mono_ns": N, "text": "12:34", "brightness": 0.8, "settled": false,
  /// "duties": [{"1": 0.25, "2": 0.75}, {}, {"upper": 1, "lower": 1}, …]}` — per position, the
  /// share of each PWM period every lit cathode glows, before the brightness scales it.
  public func frame(at now: UInt64) -> (json: String, settled: Bool) {
    let current = plan.withLock { $0 }
    let settled = now >= current.timeline.end
    let duties = current.timeline.duties(at: min(now, current.timeline.end), layout: layout)
    var positions: [String] = []
    for (index, position) in layout.positions.enumerated() where index < duties.duties.count {
      var members: [(String, String)] = []
      for (cathode, duty) in duties.duties[index].enumerated() {
        let share = Self.number(duty)
        if share != "0" { members.append((position.model.cathodes[cathode].name, share)) }
      }
      positions.append(JSONText.object(members))
    }
    let json = JSONText.object([
      ("mono_ns", String(now)), ("text", JSONText.quoted(layout.text(of: current.timeline.target))),
      ("brightness", Self.number(current.brightness)), ("settled", settled ? "true" : "false"),
      ("duties", JSONText.array(json: positions)),
    ])
    return (json, settled)
  }

  /// A duty with three decimals at most: `1`, `0.25`, `0.333`.
  static func number(_ value: Double) -> String {
    let thousandths = Int((min(max(value, 0), 1) * 1000).rounded())
    if thousandths % 1000 == 0 { return String(thousandths / 1000) }
    var fraction = String(thousandths % 1000)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "0." + fraction
  }
}
