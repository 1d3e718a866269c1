/// A duration as people write it in nixie's files and options: `90` or `90s` (seconds), `9m`,
/// `2h`, or parts from hours down, `1h30m`, `9m30s`. The one reading of durations, so
/// `snooze: 9m` in nixie.yaml and `--countdown 9m` mean the same.
public enum DurationText {
  /// The units, largest first, with their seconds.
  static let units: [(unit: Character, seconds: Int)] = [("h", 3600), ("m", 60), ("s", 1)]

  /// What the text says, in seconds; nil when it is not a duration (or past a year, which no
  /// setting takes).
  public static func seconds(_ text: String) -> Int? {
    guard !text.isEmpty, text.count <= 24 else { return nil }
    if text.allSatisfy(\.isASCIIDigit) { return Int(text).flatMap { $0 <= year ? $0 : nil } }
    var total = 0
    var digits = ""
    var nextUnit = 0
    for character in text {
      if character.isASCIIDigit {
        digits.append(character)
        continue
      }
      guard let index = units.firstIndex(where: { $0.unit == character }), index >= nextUnit,
        !digits.isEmpty, digits.count <= 8, let count = Int(digits)
      else { return nil }
      total += count * units[index].seconds
      digits = ""
      nextUnit = index + 1
    }
    guard digits.isEmpty, total <= year else { return nil }
    return total
  }

  /// The longest duration read: a year.
  static let year = 366 * 86_400

  /// `seconds` the short way nixie writes it back: `9m`, `1h30m`, `45s`, `0s`.
  public static func text(_ seconds: Int) -> String {
    guard seconds > 0 else { return "0s" }
    var left = seconds
    var text = ""
    for (unit, size) in units where left >= size {
      text += "\(left / size)\(unit)"
      left %= size
    }
    return text
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
