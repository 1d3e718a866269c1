import NixieBoardModel
import NixieTransports

/// A simulator input script (docs/INTERFACE.md): scripted encoder and switch events for
/// `nixie select --input` and for tests.
///
/// One event per line, `TIME EVENT`, `#` starts a comment. TIME is milliseconds from the
/// start (decimals allowed down to the nanosecond: `12.0005`). EVENT is a raw physical level,
/// `a 0|1`, `b 0|1`, `sw 0|1`, `mode 0|1`, `up 0|1`, `down 0|1` (0 = low = contact closed on an
/// active-low board), `presence 0|1` (the presence line, played apart from the knob), or a shorthand: `cw N` / `ccw N` (N clean detents, 40 ms each), `press`
/// (80 ms), `hold MS`, and for a board's buttons `press BUTTON`, `hold MS BUTTON`.
/// Times never decrease, and a line may not start before the previous line's gesture is over.
public struct InputScript: Hashable, Sendable {
  /// One detent of `cw N` / `ccw N` takes 40 ms; its edges are evenly spaced within it.
  public static let detentPeriod: UInt64 = 40_000_000
  /// A `press` holds the switch closed for 80 ms.
  public static let pressDuration: UInt64 = 80_000_000

  /// A parsed line: its number in the file, its start time (ns) and what it does.
  public struct Line: Hashable, Sendable {
    public var number: Int
    public var time: UInt64
    public var action: InputAction

    public init(number: Int, time: UInt64, action: InputAction) {
      self.number = number
      self.time = time
      self.action = action
    }

    /// When its gesture is over, ns.
    public var end: UInt64 { time + action.duration }
  }

  public let lines: [Line]

  public init(lines: [Line]) { self.lines = lines }

  /// Parses `text`, or throws the first problem with its line number.
  public init(parsing text: String) throws(InputScriptError) {
    var lines: [Line] = []
    for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
    {
      let number = index + 1
      let content = raw.prefix { $0 != "#" }
      let words = content.split(whereSeparator: \.isWhitespace)
      guard let first = words.first else { continue }
      guard let time = Milliseconds.nanoseconds(parsing: first) else {
        throw InputScriptError(
          line: number,
          "'\(first)' is not a time: write milliseconds from the start, like 120 or 12.5")
      }
      let action = try Self.action(Array(words.dropFirst()), line: number)
      if let previous = lines.last {
        if time < previous.time {
          throw InputScriptError(
            line: number,
            "time \(Milliseconds.text(time)) ms is before line \(previous.number)'s"
              + " \(Milliseconds.text(previous.time)) ms (times must not decrease)")
        }
        if time < previous.end {
          throw InputScriptError(
            line: number,
            "starts at \(Milliseconds.text(time)) ms, before line \(previous.number)'s"
              + " '\(previous.action.text)' is over at \(Milliseconds.text(previous.end)) ms")
        }
      }
      lines.append(Line(number: number, time: time, action: action))
    }
    self.lines = lines
  }

  private static let events = "a, b, sw, mode, up, down, presence, cw, ccw, press or hold"
  /// The most detents one `cw` / `ccw` line may make (over an hour of turning).
  public static let maximumDetents = 100_000

  private static func action(_ words: [Substring], line: Int) throws(InputScriptError) -> InputAction {
    guard let verb = words.first else {
      throw InputScriptError(line: line, "missing the event after the time (\(events))")
    }
    let arguments = words.dropFirst()
    func one(_ usage: String) throws(InputScriptError) -> Substring {
      guard arguments.count == 1, let argument = arguments.first else {
        throw InputScriptError(
          line: line,
          arguments.isEmpty
            ? "'\(verb)' needs \(usage)"
            : "'\(verb)' takes only \(usage), found '\(arguments.joined(separator: " "))'")
      }
      return argument
    }
    switch verb {
    case "a", "b", "sw", "mode", "up", "down", "presence":
      let level = try one("a level, 0 or 1")
      guard level == "0" || level == "1", let role = LineRole(name: String(verb)) else {
        throw InputScriptError(line: line, "'\(verb) \(level)': a level is 0 (low) or 1 (high)")
      }
      return .level(role, high: level == "1")
    case "cw", "ccw":
      let count = try one("a number of detents")
      guard count.allSatisfy(\.isNumber), count.count <= 6, let detents = Int(count),
        (1...maximumDetents).contains(detents)
      else {
        throw InputScriptError(
          line: line,
          "'\(verb) \(count)': the number of detents is a whole number from 1 to \(maximumDetents)")
      }
      return .turn(verb == "cw" ? .clockwise : .counterclockwise, detents: detents)
    case "press":
      if arguments.count == 1, let name = arguments.first, let button = Self.button(name) {
        return .button(button, duration: pressDuration)
      }
      guard arguments.isEmpty else {
        throw InputScriptError(
          line: line,
          "'press' takes nothing or a button (mode, up, down), found '\(arguments.joined(separator: " "))'"
            + " (to hold the switch for a while, write 'hold MS')")
      }
      return .press
    case "hold":
      guard (1...2).contains(arguments.count), let text = arguments.first else {
        throw InputScriptError(
          line: line,
          arguments.isEmpty
            ? "'hold' needs a duration in milliseconds"
            : "'hold' takes a duration in milliseconds and maybe a button (mode, up, down), found '"
              + arguments.joined(separator: " ") + "'")
      }
      guard let duration = Milliseconds.nanoseconds(parsing: text), duration > 0 else {
        throw InputScriptError(
          line: line, "'hold \(text)': the duration is milliseconds above 0, like 1200")
      }
      guard arguments.count == 2, let name = arguments.last else { return .hold(duration) }
      guard let button = Self.button(name) else {
        throw InputScriptError(line: line, "'hold \(text) \(name)': a button is mode, up or down")
      }
      return .button(button, duration: duration)
    default:
      throw InputScriptError(line: line, "unknown event '\(verb)' (expected \(events))")
    }
  }

  /// The button called `name`, if it is one.
  private static func button(_ name: Substring) -> LineRole? {
    InputAction.buttons.first { $0.name == name }
  }

  /// Whether the script touches the push switch.
  public var usesSwitch: Bool {
    lines.contains {
      switch $0.action {
      case .level(let role, _): role == .sw
      case .press, .hold: true
      case .turn, .button: false
      }
    }
  }

  /// Whether the script touches a board's buttons.
  public var usesButtons: Bool {
    lines.contains {
      switch $0.action {
      case .level(let role, _): InputAction.buttons.contains(role)
      case .button: true
      case .turn, .press, .hold: false
      }
    }
  }

  /// The presence line's physical level changes, times in ns from the start.
  public var presenceChanges: [LineEvent] {
    lines.compactMap { line in
      guard case .level(.presence, let high) = line.action else { return nil }
      return LineEvent(.presence, high: high, at: line.time)
    }
  }

  /// Whether the script plays anything but the presence line.
  public var usesKnobOrButtons: Bool {
    lines.contains { line in
      if case .level(.presence, _) = line.action { return false }
      return true
    }
  }

  /// When the last gesture is over, ns from the start.
  public var end: UInt64 { lines.map(\.end).max() ?? 0 }

  /// The physical level changes the script makes on a knob wired as `encoder`, with a switch
  /// closing to ground when `switchActiveLow`, from the line levels `levels` (set = high) at
  /// the start; times in ns from the start. Raw levels are passed on as written (a level the
  /// line already has changes nothing downstream); shorthand detents walk the quadrature cycle
  /// from wherever the contacts are, so `cw 1` is exactly one detent for any `reverse`,
  /// polarity and detents per cycle. Buttons close to ground when `buttonsActiveLow`.
  public func levelChanges(
    encoder: QuadratureSettings, switchActiveLow: Bool = true, buttonsActiveLow: Bool = true, levels: LineSet
  ) -> [LineEvent] {
    let waveform = QuadratureWaveform(settings: encoder)
    var a = levels.contains(.a)
    var b = levels.contains(.b)
    let released = switchActiveLow
    var out: [LineEvent] = []
    for line in lines {
      switch line.action {
      case .level(.presence, _):
        continue
      case .level(let role, let high):
        out.append(LineEvent(role, high: high, at: line.time))
        if role == .a { a = high }
        if role == .b { b = high }
      case .turn(let direction, let detents):
        let changes = waveform.changes(
          direction, count: detents, a: a, b: b, at: line.time, period: Self.detentPeriod)
        out += changes
        for change in changes {
          if change.role == .a { a = change.high } else { b = change.high }
        }
      case .press, .hold:
        out.append(LineEvent(.sw, high: !released, at: line.time))
        out.append(LineEvent(.sw, high: released, at: line.end))
      case .button(let role, _):
        out.append(LineEvent(role, high: !buttonsActiveLow, at: line.time))
        out.append(LineEvent(role, high: buttonsActiveLow, at: line.end))
      }
    }
    return out
  }
}
