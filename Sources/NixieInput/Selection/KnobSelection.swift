import NixieBoardModel
import NixieTransports

/// The whole of `nixie select` that is not I/O: line events in, selection events out.
///
/// The `a` and `b` levels go through the quadrature decoder, `sw` through the push-switch
/// debouncer; detents step the spinner, a short press confirms, a long press cancels, and so
/// does the timeout after a stretch without input. A press while the wheel is still spinning
/// only stops it (its short press does not confirm), as a tap stops RVS_Spinner's wheel.
///
/// Time is a parameter: `feed` events in timestamp order, and call `advance(to:)` with the
/// clock's present when woken by `nextDeadline`, so debounce, long press, momentum and the
/// timeout happen on time without an edge.
public struct KnobSelection<Value> {
  public private(set) var spinner: Spinner<Value>
  public private(set) var decoder: QuadratureDecoder
  public private(set) var pushSwitch: PushSwitch
  /// Cancel after this many ns without a detent, a switch event or a step of the wheel.
  public let timeout: UInt64?
  private var lastActivity: UInt64
  private var pressStoppedWheel = false

  /// A selection whose lines read `levels` (physical, set = high) at `time`, its start.
  public init(
    spinner: Spinner<Value>, encoder: QuadratureSettings = QuadratureSettings(),
    pushSwitch: SwitchSettings = SwitchSettings(), levels: LineSet, at time: UInt64, timeout: UInt64? = nil
  ) {
    self.spinner = spinner
    self.decoder = QuadratureDecoder(settings: encoder, levels: levels)
    self.pushSwitch = PushSwitch(settings: pushSwitch, high: levels.contains(.sw), at: time)
    self.timeout = timeout
    self.lastActivity = time
  }

  /// `confirmed` or `cancelled`, once the selection has ended.
  public var outcome: SpinnerEvent? { spinner.outcome }

  /// When something is due without input: a debounced level, a long press, a step of the
  /// wheel, the timeout. Nil once the selection has ended (or when nothing is due).
  public var nextDeadline: UInt64? {
    guard outcome == nil else { return nil }
    return [pushSwitch.nextDeadline, spinner.nextDeadline, timeoutDeadline].compactMap { $0 }.min()
  }

  private var timeoutDeadline: UInt64? { timeout.map { lastActivity + $0 } }

  /// Takes one line event (timestamps in order) and returns what it and the time before it
  /// caused.
  public mutating func feed(_ event: LineEvent) -> [SpinnerEvent] {
    var events = advance(to: event.time)
    guard outcome == nil else { return events }
    switch event.role {
    case .a, .b:
      if let detent = decoder.feed(event) {
        noteActivity(at: detent.time)
        events += spinner.turn(detent)
      }
    case .sw:
      events += handle(pushSwitch.feed(high: event.high, at: event.time))
    default:
      break
    }
    return events
  }

  /// Lets time pass to `time` and returns what was due by then, in time order.
  public mutating func advance(to time: UInt64) -> [SpinnerEvent] {
    var events: [SpinnerEvent] = []
    while outcome == nil, let due = nextDeadline, due <= time {
      if pushSwitch.nextDeadline == due {
        events += handle(pushSwitch.advance(to: due))
      } else if spinner.nextDeadline == due {
        let steps = spinner.advance(to: due)
        if let last = steps.last { noteActivity(at: last.time) }
        events += steps
      } else {
        events += spinner.cancel(.timeout, at: due)
      }
    }
    return events
  }

  /// The input has ended for good (a script ran out): cancels unless already ended.
  public mutating func endOfInput(at time: UInt64) -> [SpinnerEvent] {
    spinner.cancel(.inputEnded, at: time)
  }

  private mutating func handle(_ switchEvents: [SwitchEvent]) -> [SpinnerEvent] {
    var events: [SpinnerEvent] = []
    for event in switchEvents where outcome == nil {
      noteActivity(at: event.time)
      switch event.kind {
      case .pressed: pressStoppedWheel = spinner.press(at: event.time)
      case .shortPress:
        if pressStoppedWheel {
          pressStoppedWheel = false
        } else {
          events += spinner.confirm(at: event.time)
        }
      case .longPress: events += spinner.cancel(.longPress, at: event.time)
      case .released, .repeat: break
      }
    }
    return events
  }

  private mutating func noteActivity(at time: UInt64) { lastActivity = max(lastActivity, time) }
}

extension KnobSelection: Sendable where Value: Sendable {}
