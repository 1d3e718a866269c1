import NixieClockSettings
import NixieDisplay
import NixieRuntime
import NixieTransitions

/// The clock's tubes driven through the transition engine: every request goes to a
/// `FrameScheduler`, whose thread alone writes to the driver, and returns at once.
///
/// - A new value (time, date, control-socket message) arrives with its transition: by
///   default a 500 ms perceptual cross-fade; `none`, `fade` and `slot` as configured.
/// - The unsynchronised indicator's blink changes at once.
/// - Brightness — the day's, the knob's, night mode's `dim` — is PWM (`setBrightness`): on
///   boards with BL wired the dark part of each period is BL low. A dark night (or an empty
///   room) fades the tubes out at the brightness they had and keeps it for the morning; once
///   they are dark the driver blanks them, so a line that powers the tubes (Omnixie's ON/OFF)
///   goes off until they light again.
/// - The backlight's program (colour or cycle, dimmed by the night) goes to its own thread
///   (`BacklightPlayer`).
/// - An anti-poisoning run is the scheduler's slot machine on every tube
///   (`FrameScheduler.cycle`): as many laps through every cathode as fit the rest of the run
///   with each cathode lit for the run's step, landing on the face due at the run's end; in
///   `aimed` mode each cathode's share of the run follows how far it lags (`AimedSpin`).
public final class TransitionClockDisplay: ClockDisplay {
  public let scheduler: FrameScheduler
  public let layout: DisplayLayout
  /// Fade length and curve; set it again after a reload.
  public var motion: ClockMotion
  /// The daemon's displayed time (Unix ns), to know how much of a run is left.
  private let wallTime: () -> Int64
  /// The brightness last given to the scheduler.
  private var brightness = 1.0
  /// The board's backlight, when nixie drives one.
  private let backlight: BacklightPlayer?

  /// Drives `scheduler` (started by its owner), whose tubes are laid out as `layout`.
  public init(
    scheduler: FrameScheduler, layout: DisplayLayout, motion: ClockMotion = ClockMotion(),
    backlight: BacklightPlayer? = nil, wallTime: @escaping () -> Int64
  ) {
    self.backlight = backlight
    self.scheduler = scheduler
    self.layout = layout
    self.motion = motion
    self.wallTime = wallTime
  }

  /// Throws the error that stopped the frame loop for good (a transport gone, not a
  /// transient fault, which the loop retries), so the daemon ends and systemd restarts it.
  public func show(_ state: DisplayState, brightness: Double, change: DisplayChange) throws {
    if let failure = scheduler.failure { throw failure }
    // Dark (night mode `dark`): the picture fades out at the brightness it had.
    if brightness > 0 { setBrightness(brightness) }
    switch change {
    case .value(let transition):
      scheduler.show(state, transition: motion.spec(transition))
    case .blink:
      scheduler.show(state, transition: .none)
    case .brightness:
      break
    case .antiPoisoning(let run):
      cycle(to: state, run: run)
    }
    // Dark (a dark night, nobody there): once faded out, the tubes' power goes off too.
    if brightness == 0 { scheduler.powerDown() }
  }

  /// Hands `program` to the backlight's thread; throws when that thread cannot start.
  public func setBacklight(_ program: BacklightProgram) throws {
    try backlight?.play(program)
  }

  public func blank() throws {
    scheduler.show(layout.blank, transition: .none)
  }

  private func setBrightness(_ level: Double) {
    guard level != brightness else { return }
    brightness = level
    scheduler.setBrightness(level)
  }

  /// The slot machine through every cathode of every tube for what is left of `run`.
  private func cycle(to landing: DisplayState, run: AntiPoisoningRun) {
    let left = run.end - wallTime()
    guard left > 0,
      let plan = Self.cyclePlan(layout: layout, left: UInt64(left), step: UInt64(max(run.step, 1)))
    else {
      scheduler.show(landing, transition: motion.spec(.crossfade))
      return
    }
    scheduler.cycle(
      to: landing, duration: plan.duration, laps: plan.laps, curve: motion.curve, aimed: run.mode == .aimed)
  }

  /// Laps and lap time for a cycle that ends `left` ns from now with each cathode lit about
  /// `step` ns: every tube spins `laps` times through its cathodes, each tube landing
  /// `TransitionPlanner.slotStagger` steps after its left neighbour, the last at `left`.
  /// Nil for a layout without tubes.
  static func cyclePlan(layout: DisplayLayout, left: UInt64, step: UInt64) -> (duration: UInt64, laps: Int)? {
    let counts = layout.positions.filter(\.isTube).map { position in
      position.model.depthOrder.compactMap(position.wiredIndex(of:)).count
    }.filter { $0 > 0 }
    guard let cathodes = counts.min() else { return nil }
    let stagger = UInt64(TransitionPlanner.slotStagger * (counts.count - 1))
    let steps = max(left / step, 1)
    let laps = max(Int((steps > stagger ? steps - stagger : 0) / UInt64(cathodes)), 1)
    let perLaps = UInt64(laps * cathodes)
    // The last tube takes laps × cathodes + stagger steps of duration / (laps × cathodes).
    let duration = left * perLaps / (perLaps + stagger)
    return (duration, laps)
  }
}
