/// A push switch in software: debounces the raw line level and recognises short presses, long
/// presses (once, when the threshold passes, not on release) and hold-repeat.
///
/// A level counts when it has held for `debounce`: bounce and glitches shorter than that are
/// ignored. Time is a parameter: `feed` takes each level with its timestamp, and `advance(to:)`
/// lets time pass without an edge so a debounced level, a long press or a repeat can fire;
/// `nextDeadline` says when the next one is due.
public struct PushSwitch: Sendable {
  public let settings: SwitchSettings
  /// The debounced state.
  public private(set) var isPressed: Bool
  /// The latest raw state (pressed or not) and since when.
  private var raw: Bool
  private var rawSince: UInt64
  /// When the current press was accepted; nil when released or held since start-up.
  private var pressedAt: UInt64?
  private var longFired = false
  private var nextRepeat: UInt64?

  /// A switch whose line reads `high` at `time` (start-up). A switch already held at start-up
  /// makes no press, long press or repeat until it has been released.
  public init(settings: SwitchSettings = SwitchSettings(), high: Bool, at time: UInt64) {
    self.settings = settings
    let pressed = high != settings.activeLow
    self.isPressed = pressed
    self.raw = pressed
    self.rawSince = time
  }

  /// When something is due without a new edge: a level settling, a long press, a repeat.
  public var nextDeadline: UInt64? {
    var deadlines: [UInt64] = []
    if raw != isPressed { deadlines.append(rawSince + settings.debounce) }
    if let pressedAt, isPressed {
      if let long = settings.longPress, !longFired { deadlines.append(pressedAt + long) }
      if let nextRepeat { deadlines.append(nextRepeat) }
    }
    return deadlines.min()
  }

  /// Takes the line's level at `time` (timestamps in order; a repeated level is a no-op) and
  /// returns what happened up to then.
  public mutating func feed(high: Bool, at time: UInt64) -> [SwitchEvent] {
    let events = advance(to: time)
    let pressed = high != settings.activeLow
    if pressed != raw {
      raw = pressed
      rawSince = time
    }
    return events
  }

  /// Lets time pass to `time` and returns the events due by then, in time order.
  public mutating func advance(to time: UInt64) -> [SwitchEvent] {
    var events: [SwitchEvent] = []
    while let due = nextDeadline, due <= time {
      fire(at: due, into: &events)
    }
    return events
  }

  private mutating func fire(at time: UInt64, into events: inout [SwitchEvent]) {
    if raw != isPressed && rawSince + settings.debounce == time {
      isPressed = raw
      if isPressed {
        pressedAt = time
        longFired = false
        nextRepeat = settings.repeating.map { time + $0.delay }
        events.append(SwitchEvent(.pressed, at: time))
      } else {
        events.append(SwitchEvent(.released, at: time))
        if pressedAt != nil && !longFired { events.append(SwitchEvent(.shortPress, at: time)) }
        pressedAt = nil
        nextRepeat = nil
      }
      return
    }
    guard let pressedAt, isPressed else { return }
    if let long = settings.longPress, !longFired, pressedAt + long == time {
      longFired = true
      events.append(SwitchEvent(.longPress, at: time))
    }
    if let repeatAt = nextRepeat, repeatAt == time, let repeating = settings.repeating {
      nextRepeat = repeatAt + repeating.interval
      events.append(SwitchEvent(.repeat, at: time))
    }
  }
}
