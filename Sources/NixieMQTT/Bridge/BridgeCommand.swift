import NixieControl
import NixieText

/// A message on one of the clock's command topics (`nixie/NODE/NAME/set`) turned into the
/// control request it asks for, or the reason it is ignored: payloads are read strictly, as the
/// discovery configs promise them (`ON`/`OFF`, whole numbers in range, one of the select's
/// options). Values shown are the clock's to check (`show`), as `nixie send` leaves them.
enum BridgeCommand {
  /// The request `payload` on the command topic `name` asks for, with the clock in `state`;
  /// `groupDigits`: a value shown has its digits grouped (`12 345`).
  static func request(name: String, payload: [UInt8], state: ClockState, groupDigits: Bool = false)
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
      guard text.utf8.count <= 64 else { return .failure(MQTTError("a value has at most 64 bytes")) }
      return .success(.show(value: text, seconds: nil, transition: nil, groupDigits: groupDigits))
    case Topic.face:
      let options = state.faceOptions
      guard let index = options.firstIndex(of: text) else {
        return .failure(
          MQTTError(
            "'\(Printable.escaped(text))' is not one of the faces: " + options.joined(separator: ", ")))
      }
      return .success(.face(index == 0 ? nil : index - 1))
    default:
      return .failure(MQTTError("this clock has no command '\(Printable.escaped(name))'"))
    }
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
    default: .failure(MQTTError("expected ON or OFF, not '\(Printable.escaped(String(text.prefix(64))))'"))
    }
  }

  /// A whole number in `range` (`40`, or `40.0` as a number entity may send it).
  private static func whole(_ text: String, in range: ClosedRange<Int>, _ what: String) -> Result<
    Int, MQTTError
  > {
    let trimmed = text.trimmingSpaces
    guard let number = Double(trimmed), number.isFinite, number.rounded() == number, abs(number) < 1e9,
      range.contains(Int(number)), !trimmed.hasPrefix("+"), !trimmed.lowercased().contains("e"),
      !trimmed.lowercased().hasPrefix("0x")
    else {
      return .failure(
        MQTTError(
          "expected a whole number of \(what) from \(range.lowerBound) to \(range.upperBound), not '"
            + Printable.escaped(String(text.prefix(64))) + "'"))
    }
    return .success(Int(number))
  }
}

extension String {
  /// Without spaces, tabs and line ends at either end.
  var trimmingSpaces: String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    return String(drop(while: blank).reversed().drop(while: blank).reversed())
  }
}
