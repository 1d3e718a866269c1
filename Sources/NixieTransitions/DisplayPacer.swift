import NixieBoardModel
import NixieDisplay

/// The pacer a board's `DisplayPacing` asks for, behind one interface: PWM frames
/// (`FramePacer`), a scan of anode groups (`MultiplexPacer`) or module brightness levels
/// (`LevelPacer`). The frame scheduler drives whichever it is the same way.
public struct DisplayPacer: Sendable {
  /// What a `.write` step writes.
  public enum Output: Sendable {
    /// Cathodes on or off.
    case frame(DisplayState)
    /// Each cathode's brightness, 0…1.
    case duties(CathodeDuties)
  }

  // Exactly one is set; optional chaining mutates it in place, without copying its storage.
  private var pwm: FramePacer?
  private var multiplex: MultiplexPacer?
  private var levels: LevelPacer?

  /// The pacer for `pacing` on `layout`; `groups` gives each position's anode group on a
  /// multiplexed board; the tubes show `state` (dark after a driver's `start()`).
  public init(
    pacing: DisplayPacing, layout: DisplayLayout, settings: PWMSettings = PWMSettings(), groups: [Int?] = [],
    showing state: DisplayState? = nil
  ) {
    switch pacing {
    case .pwm: pwm = FramePacer(layout: layout, settings: settings, showing: state)
    case .multiplex(let wiring):
      multiplex = MultiplexPacer(layout: layout, wiring: wiring, groups: groups, showing: state)
    case .levels: levels = LevelPacer(layout: layout, showing: state)
    }
  }

  @discardableResult
  public mutating func show(_ state: DisplayState, transition: TransitionSpec, at now: UInt64) -> UInt64 {
    pwm?.show(state, transition: transition, at: now) ?? multiplex?.show(
      state, transition: transition, at: now)
      ?? levels?.show(state, transition: transition, at: now) ?? now
  }

  @discardableResult
  public mutating func cycle(
    to state: DisplayState, duration: UInt64, laps: Int = 1, curve: FadeCurve = .perceptual,
    wear: CathodeWear? = nil, at now: UInt64
  ) -> UInt64 {
    pwm?.cycle(to: state, duration: duration, laps: laps, curve: curve, wear: wear, at: now)
      ?? multiplex?.cycle(to: state, duration: duration, laps: laps, curve: curve, wear: wear, at: now)
      ?? levels?.cycle(to: state, duration: duration, laps: laps, curve: curve, wear: wear, at: now) ?? now
  }

  public mutating func setBrightness(_ value: Double, at now: UInt64) {
    pwm?.setBrightness(value, at: now)
    multiplex?.setBrightness(value, at: now)
    levels?.setBrightness(value, at: now)
  }

  public mutating func frameWasNotWritten(at now: UInt64) {
    pwm?.frameWasNotWritten(at: now)
    multiplex?.frameWasNotWritten(at: now)
    levels?.frameWasNotWritten(at: now)
  }

  /// The PWM's period and steps, on a board paced by PWM frames; nil for a scan or levels.
  public var pwmSettings: PWMSettings? { pwm?.settings }

  /// Plays on in `settings` from `now` (`FramePacer.refit`); a scan or levels keep their own.
  public mutating func refit(_ settings: PWMSettings, at now: UInt64) {
    pwm?.refit(settings, at: now)
  }

  public mutating func next(now: UInt64) -> FramePacer.Step {
    pwm?.next(now: now) ?? multiplex?.next(now: now) ?? levels?.next(now: now) ?? .idle
  }

  /// What the latest `.write` step writes.
  public var output: Output {
    if let pwm { return .frame(pwm.frame) }
    if let multiplex { return .frame(multiplex.frame) }
    if let levels { return .duties(levels.duties) }
    return .frame(DisplayState(lit: []))
  }

  /// The plan being shown: where each cathode's duty goes and when.
  public var timeline: FadeTimeline {
    pwm?.timeline ?? multiplex?.timeline ?? levels?.timeline
      ?? FadeTimeline(positions: [], target: DisplayState(lit: []), start: 0)
  }

  /// The brightness every duty is scaled by, 0…1.
  public var brightness: Double { pwm?.brightness ?? multiplex?.brightness ?? levels?.brightness ?? 1 }

  public var isIdle: Bool { pwm?.isIdle ?? multiplex?.isIdle ?? levels?.isIdle ?? true }
  public var isSettled: Bool { pwm?.isSettled ?? multiplex?.isSettled ?? levels?.isSettled ?? true }
}
