import NixieBoardModel
import NixieClockSettings
import NixieControl
import NixieInput
import NixieTransitions
import NixieTransports

/// The clock's knob as a state machine, with time a parameter: line events in, commands for
/// the daemon loop out.
///
/// The `a` and `b` levels go through the quadrature decoder and step a `Spinner` over the
/// brightness levels (`levels`: even steps to the eye, no wrapping round, accelerating when
/// turned fast, with momentum if configured); each change is a `.setBrightness`. The push
/// switch is debounced: a short press is `.nextFace`, a long press `.toggleNight` — unless
/// the configuration's `knob` section switches a gesture off. A press that stops the
/// momentum wheel only stops it, as in `nixie select`.
///
/// A board's buttons (the NCS314's MODE, UP and DOWN) post the same commands: MODE as the
/// switch (a short press the next face, a long press night mode), UP and DOWN one brightness
/// level up or down per press, repeating while held (when the knob's turn sets the brightness).
///
/// While an alarm rings (`alarmRinging`), a press of the switch or of any button is the
/// alarm's and nothing else's: released within `alarmStopHold` it snoozes, held that long it
/// stops the alarm (at the moment the hold is reached) — no face change, no night toggle, no
/// brightness step, for the whole press.
///
/// The stopwatch: two short presses of the switch or MODE within `doublePress` bring it up,
/// running (the first has shown the next face, as every press does). While it shows
/// (`stopwatchRunning` is not nil) the switch and MODE are its own: a short press stops or
/// starts it, a long press resets it and the faces come back. UP, DOWN and the turn still set
/// the brightness.
public struct ClockKnob: Sendable {
  /// The brightness levels a turn steps through: 24 steps even in CIE lightness, from one PWM
  /// step of the darkest useful duty (0.46 %) to full.
  public static let levels: [Double] = (1...24).map {
    FadeCurve.perceptual.duty(forBrightness: Double($0) / 24)
  }

  public private(set) var settings: ClockConfiguration.Knob
  public private(set) var spinner: Spinner<Double>
  private var decoder: QuadratureDecoder?
  private var pushSwitch: PushSwitch
  private var pressStoppedWheel = false
  /// Each button's debouncer, and its polarity.
  private var buttons: [LineRole: PushSwitch] = [:]
  /// An alarm rings: a press that starts now is the alarm's.
  public var alarmRinging = false
  /// The presses the alarm took, by line, until the line's next press.
  private var alarmPresses: [LineRole: AlarmPress] = [:]
  /// The stopwatch shows, running (true) or stopped (false); nil: the faces show.
  public var stopwatchRunning: Bool?
  /// When the last short press of the switch or MODE that showed a face was released: a
  /// second within `doublePress` brings up the stopwatch.
  private var lastFacePress: UInt64?

  /// A press the alarm took: when it started, whether it has been released, whether its hold
  /// stopped the alarm.
  private struct AlarmPress: Sendable {
    var since: UInt64
    var released = false
    var stopped = false

    /// When its hold stops the alarm; nil once released or done.
    var stopDue: UInt64? { released || stopped ? nil : since &+ ClockKnob.alarmStopHold }
  }

  /// Holding a press this long while an alarm rings stops the alarm; a shorter one snoozes it.
  public static let alarmStopHold: UInt64 = 1_000_000_000

  /// A second short press released this soon after the first is a double press.
  public static let doublePress: UInt64 = 500_000_000

  /// UP and DOWN repeat while held: after 400 ms, then every 150 ms.
  public static let buttonRepeat = SwitchSettings.Repeat(delay: 400_000_000, interval: 150_000_000)

  /// A knob wired as `encoder` (switch polarity `switchActiveLow`; nil: no encoder) and
  /// `buttons`, whose lines read `levels` at `time`, with the brightness at `brightness` (0…1).
  public init(
    settings: ClockConfiguration.Knob, encoder: QuadratureSettings?, switchActiveLow: Bool = true,
    buttons: [ButtonWiring] = [], levels: LineSet, at time: UInt64, brightness: Double
  ) throws(SpinnerError) {
    self.settings = settings
    spinner = try Self.spinner(settings, brightness: brightness)
    decoder = encoder.map { QuadratureDecoder(settings: $0, levels: levels) }
    pushSwitch = PushSwitch(
      settings: Self.switchSettings(settings, activeLow: switchActiveLow), high: levels.contains(.sw),
      at: time)
    for button in buttons {
      self.buttons[button.role] = PushSwitch(
        settings: Self.buttonSettings(button.role, settings, activeLow: button.activeLow),
        high: levels.contains(.role(button.role)), at: time)
    }
  }

  /// MODE has the switch's long press; UP and DOWN repeat instead.
  private static func buttonSettings(_ role: LineRole, _ settings: ClockConfiguration.Knob, activeLow: Bool)
    -> SwitchSettings
  {
    role == .mode
      ? switchSettings(settings, activeLow: activeLow)
      : SwitchSettings(activeLow: activeLow, longPress: nil, repeating: buttonRepeat)
  }

  /// The spinner over `levels`, on the level nearest `brightness`.
  private static func spinner(_ settings: ClockConfiguration.Knob, brightness: Double) throws(SpinnerError)
    -> Spinner<Double>
  {
    let nearest = levels.indices.min { abs(levels[$0] - brightness) < abs(levels[$1] - brightness) }
    return try Spinner(
      values: levels, selectedIndex: nearest, wraps: false,
      momentum: settings.momentum ? Momentum.Settings() : nil)
  }

  private static func switchSettings(_ settings: ClockConfiguration.Knob, activeLow: Bool) -> SwitchSettings {
    SwitchSettings(activeLow: activeLow, longPress: UInt64(settings.longPressMilliseconds) * 1_000_000)
  }

  /// The brightness level the knob is on.
  public var brightness: Double { spinner.value }

  /// When something is due without an edge: a debounced level, a long press, a step of the wheel.
  public var nextDeadline: UInt64? {
    ([pushSwitch.nextDeadline, spinner.nextDeadline] + buttons.values.map(\.nextDeadline)
      + alarmPresses.values.map(\.stopDue)).compactMap { $0 }.min()
  }

  /// New settings and the brightness now in force (a reloaded configuration), from `time` on.
  public mutating func reconfigure(_ settings: ClockConfiguration.Knob, brightness: Double, at time: UInt64) {
    if settings != self.settings {
      pushSwitch = PushSwitch(
        settings: Self.switchSettings(settings, activeLow: pushSwitch.settings.activeLow),
        high: pushSwitch.isPressed != pushSwitch.settings.activeLow, at: time)
      pressStoppedWheel = false
      for (role, button) in buttons {
        buttons[role] = PushSwitch(
          settings: Self.buttonSettings(role, settings, activeLow: button.settings.activeLow),
          high: button.isPressed != button.settings.activeLow, at: time)
      }
    }
    self.settings = settings
    if let moved = try? Self.spinner(settings, brightness: brightness) { spinner = moved }
  }

  /// Takes one line event (timestamps in order) and returns what it and the time before it caused.
  public mutating func feed(_ event: LineEvent) -> [ClockCommand] {
    var commands = advance(to: event.time)
    switch event.role {
    case .a, .b:
      if let detent = decoder?.feed(event), settings.turn == .brightness {
        commands += brightnessChanges(spinner.turn(detent))
      }
    case .sw:
      commands += handle(pushSwitch.feed(high: event.high, at: event.time), from: .sw)
    case .mode, .up, .down:
      if let events = buttons[event.role]?.feed(high: event.high, at: event.time) {
        commands += handle(events, from: event.role)
      }
    default:
      break
    }
    return commands
  }

  /// Lets time pass to `time`: debounced presses, long presses and the wheel's own steps.
  public mutating func advance(to time: UInt64) -> [ClockCommand] {
    var commands: [ClockCommand] = []
    while let due = nextDeadline, due <= time {
      if let role = alarmPresses.keys.sorted().first(where: { alarmPresses[$0]?.stopDue == due }) {
        alarmPresses[role]?.stopped = true
        commands.append(.alarm(.stop))
      } else if pushSwitch.nextDeadline == due {
        commands += handle(pushSwitch.advance(to: due), from: .sw)
      } else if let role = buttons.keys.sorted().first(where: { buttons[$0]?.nextDeadline == due }),
        let events = buttons[role]?.advance(to: due)
      {
        commands += handle(events, from: role)
      } else {
        commands += brightnessChanges(spinner.advance(to: due))
      }
    }
    return commands
  }

  private func brightnessChanges(_ events: [SpinnerEvent]) -> [ClockCommand] {
    events.compactMap { event in
      guard case .changed(let index, _, _) = event else { return nil }
      return .setBrightness(spinner.values[index])
    }
  }

  /// A line's gestures: those of a press the alarm took are its; the switch's and MODE's the
  /// switch's, UP's and DOWN's a level each.
  private mutating func handle(_ events: [SwitchEvent], from button: LineRole) -> [ClockCommand] {
    var commands: [ClockCommand] = []
    var rest: [SwitchEvent] = []
    for event in events {
      if let command = alarmTakes(event, from: button) {
        commands += command
      } else {
        rest.append(event)
      }
    }
    return commands + gestures(rest, from: button)
  }

  /// The commands of `event` when its press is the alarm's (none for most of them); nil when it
  /// is not the alarm's.
  private mutating func alarmTakes(_ event: SwitchEvent, from button: LineRole) -> [ClockCommand]? {
    if event.kind == .pressed {
      guard alarmRinging else {
        alarmPresses[button] = nil
        return nil
      }
      alarmPresses[button] = AlarmPress(since: event.time)
      return []
    }
    guard var press = alarmPresses[button] else { return nil }
    defer { alarmPresses[button] = press }
    guard event.kind == .released, !press.released else { return [] }
    press.released = true
    return press.stopped ? [] : [.alarm(.snooze)]
  }

  /// The gestures of a press that is not the alarm's.
  private mutating func gestures(_ events: [SwitchEvent], from button: LineRole) -> [ClockCommand] {
    if button == .mode || button == .sw { return handle(events) }
    guard settings.turn == .brightness else { return [] }
    var commands: [ClockCommand] = []
    for event in events where event.kind == .pressed || event.kind == .repeat {
      let index = spinner.index(movedBy: button == .up ? 1 : -1, from: spinner.selectedIndex)
      guard index != spinner.selectedIndex,
        let moved = try? Self.spinner(settings, brightness: Self.levels[index])
      else { continue }
      spinner = moved
      commands.append(.setBrightness(spinner.value))
    }
    return commands
  }

  private mutating func handle(_ events: [SwitchEvent]) -> [ClockCommand] {
    var commands: [ClockCommand] = []
    for event in events {
      switch event.kind {
      case .pressed:
        pressStoppedWheel = spinner.press(at: event.time)
      case .shortPress:
        if pressStoppedWheel {
          pressStoppedWheel = false
        } else if let command = shortPress(at: event.time) {
          commands.append(command)
        }
      case .longPress:
        if stopwatchRunning != nil {
          commands.append(.stopwatch(.reset))
        } else if settings.longPress == .night {
          commands.append(.toggleNight)
        }
      case .released, .repeat:
        break
      }
    }
    return commands
  }

  /// What a short press of the switch or MODE released at `time` asks for: the stopwatch's
  /// stop or start while it shows, the stopwatch when it is the second of a double press,
  /// else the next face.
  private mutating func shortPress(at time: UInt64) -> ClockCommand? {
    if let running = stopwatchRunning {
      lastFacePress = nil
      return .stopwatch(running ? .stop : .start)
    }
    guard settings.press == .nextFace else { return nil }
    if let last = lastFacePress, time &- min(time, last) <= Self.doublePress {
      lastFacePress = nil
      return .stopwatch(.start)
    }
    lastFacePress = time
    return .nextFace
  }
}
