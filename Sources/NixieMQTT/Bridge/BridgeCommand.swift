import NixieControl
import NixieText

/// A message on one of the clock's command topics (`nixie/NODE/NAME/set`) turned into the
/// control request it asks for, or the reason it is ignored: payloads are read strictly, as the
/// discovery configs promise them (`ON`/`OFF`, whole numbers in range — every byte of them —,
/// one of the select's options). Values shown are the clock's to check (`show`), as `nixie
/// send` leaves them. Refusals quote the payload escaped and cut short.
public enum BridgeCommand {
  /// The most bytes a value shown or handed to a topic face may have (the control protocol's).
  public static let maximumValueBytes = 64

  /// The request `payload` on the command topic `name` asks for, with the clock in `state`;
  /// `groupDigits`: a value shown has its digits grouped (`12 345`).
  public static func request(name: String, payload: [UInt8], state: ClockState, groupDigits: Bool = false)
    -> Result<ControlRequest, MQTTError>
  {
    guard let text = String(validating: payload, as: UTF8.self) else {
      return .failure(MQTTError("not UTF-8 text"))
    }
    typealias Topic = HomeAssistantDevice.Topic
    switch name {
    case Topic.display:
      return onOff(text).map { .display(on: $0) }
    case Topic.night:
      return onOff(text).map { .night($0) }
    case Topic.brightness:
      return whole(text, in: SettingRanges.brightnessPercent, "a brightness in percent").map {
        setting(\.brightness, to: $0)
      }
    case Topic.showSeconds:
      return whole(text, in: SettingRanges.showSeconds, "seconds").map { setting(\.showSeconds, to: $0) }
    case Topic.fade:
      return whole(text, in: SettingRanges.fadeMilliseconds, "milliseconds").map {
        setting(\.fadeMilliseconds, to: $0)
      }
    case Topic.show:
      if text.isEmpty { return .success(.clear) }
      guard text.utf8.count <= maximumValueBytes else {
        return .failure(MQTTError("a value has at most \(maximumValueBytes) bytes"))
      }
      return .success(.show(value: text, seconds: nil, transition: nil, groupDigits: groupDigits))
    case Topic.alarmSnooze, Topic.alarmStop, Topic.alarmSkipNext:
      guard text == "PRESS" else {
        return .failure(MQTTError("a button sends PRESS, not \(Printable.quoted(text, limit: 64))"))
      }
      let actions = [
        Topic.alarmSnooze: AlarmAction.snooze, Topic.alarmStop: .stop, Topic.alarmSkipNext: .skipNext,
      ]
      return .success(.alarm(actions[name] ?? .stop))
    case Topic.countdown:
      return whole(text, in: 0...(ControlRequest.maximumCountdownSeconds / 60), "minutes").map {
        .countdown(seconds: $0 * 60)
      }
    case Topic.face:
      guard let face = state.face(named: text) else {
        return .failure(
          MQTTError(
            "\(Printable.quoted(text, limit: 32)) is not one of the faces: "
              + state.faceOptions.joined(separator: ", "))
        )
      }
      return .success(.face(face))
    default:
      if let alarm = HomeAssistantDevice.alarmRequest(name: name, text: text, state: state) { return alarm }
      return .failure(MQTTError("this clock has no command \(Printable.quoted(name))"))
    }
  }

  /// A topic face's value: UTF-8 text of 1 to 64 bytes, spaces at either end dropped.
  public static func faceValue(_ payload: [UInt8]) -> Result<String, MQTTError> {
    guard let text = String(validating: payload, as: UTF8.self)?.trimmingSpaces, !text.isEmpty,
      text.utf8.count <= maximumValueBytes
    else {
      return .failure(MQTTError("a value is text of 1 to \(maximumValueBytes) bytes"))
    }
    return .success(text)
  }

  /// The request that sets the whole-number setting at `path` to `value`.
  private static func setting(
    _ path: WritableKeyPath<ClockSettingsChange, ClockSettingsChange.Edit<Int>>, to value: Int
  ) -> ControlRequest {
    var change = ClockSettingsChange()
    change[keyPath: path] = .set(value)
    return .change(change)
  }

  /// `ON` or `OFF`, as Home Assistant sends them.
  private static func onOff(_ text: String) -> Result<Bool, MQTTError> {
    switch text {
    case "ON": .success(true)
    case "OFF": .success(false)
    default: .failure(MQTTError("expected ON or OFF, not \(Printable.quoted(text, limit: 64))"))
    }
  }

  /// A whole number in `range`, every byte of it: digits with an optional `-` before them and
  /// an optional fraction of zeros after them (`40`, or `40.0` as a number entity may send
  /// it), spaces at either end allowed. Anything else — a NUL, `+`, an exponent, hex, a second
  /// number after it — refuses the payload.
  private static func whole(_ text: String, in range: ClosedRange<Int>, _ what: String) -> Result<
    Int, MQTTError
  > {
    guard let number = wholeNumber(text.trimmingSpaces), range.contains(number) else {
      return .failure(
        MQTTError(
          "expected a whole number of \(what) from \(range.lowerBound) to \(range.upperBound), not "
            + Printable.quoted(text, limit: 64)))
    }
    return .success(number)
  }

  /// `text` as a whole number of at most 9 digits, or nil: `-`? digits (`.` zeros)?.
  static func wholeNumber(_ text: String) -> Int? {
    var bytes = Substring(text).utf8[...]
    let negative = bytes.first == UInt8(ascii: "-")
    if negative { bytes = bytes.dropFirst() }
    let digits = bytes.prefix { (48...57).contains($0) }
    var rest = bytes.dropFirst(digits.count)
    if rest.first == UInt8(ascii: ".") {
      rest = rest.dropFirst()
      guard rest.allSatisfy({ $0 == UInt8(ascii: "0") }) else { return nil }
      rest = rest.dropFirst(rest.count)
    }
    guard !digits.isEmpty, digits.count <= 9, rest.isEmpty else { return nil }
    let value = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    return negative ? -value : value
  }
}

extension String {
  /// Without spaces, tabs and line ends at either end.
  var trimmingSpaces: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    return String(drop(while: blank).reversed().drop(while: blank).reversed())
  }
}
