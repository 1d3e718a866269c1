import NixieTime

/// A clock face's `--format`: a Unicode date-field pattern (UTS #35) such as `HH:mm:ss`,
/// `h:mm` or `dd.MM.yy`, reduced to what digits can show.
///
/// Fields: `H`/`HH` hour 0–23, `h`/`hh` hour 1–12, `k`/`kk` hour 1–24, `K`/`KK` hour 0–11,
/// `m`/`mm` minute, `s`/`ss` second, `d`/`dd` day, `M`/`MM` month, `yy` two-digit year,
/// `y`/`yyyy` the year. A doubled letter pads to two digits. Every other letter is refused
/// (names and AM/PM cannot be shown on digits). Anything else is literal: `:` `.` and space
/// directly, and text in single quotes; `''` is an apostrophe (the upper dot of a colon), and
/// so is a lone `'` that no second quote closes.
public struct FacePattern: Hashable, Sendable, CustomStringConvertible {
  /// A calendar field a pattern letter stands for.
  public enum Field: Character, Hashable, Sendable, CaseIterable {
    case hour24 = "H"
    case hour12 = "h"
    case hour24FromOne = "k"
    case hour12FromZero = "K"
    case minute = "m"
    case second = "s"
    case day = "d"
    case month = "M"
    case year = "y"

    /// The letter counts the field accepts.
    var widths: Set<Int> { self == .year ? [1, 2, 4] : [1, 2] }

    func value(of time: LocalTime) -> Int {
      switch self {
      case .hour24: time.hour
      case .hour12: time.hour % 12 == 0 ? 12 : time.hour % 12
      case .hour24FromOne: time.hour == 0 ? 24 : time.hour
      case .hour12FromZero: time.hour % 12
      case .minute: time.minute
      case .second: time.second
      case .day: time.day
      case .month: time.month
      case .year: time.year
      }
    }
  }

  /// One piece of a pattern.
  public enum Token: Hashable, Sendable {
    /// A field, written with `width` letters.
    case field(Field, width: Int)
    case literal(String)
  }

  /// The pattern as written.
  public let text: String
  public let tokens: [Token]

  /// Letters UTS #35 gives a meaning digits cannot show, and what to say about them.
  private static let refused: [Character: String] = [
    "a": "AM/PM markers cannot be shown on digit tubes (use h or hh and leave it out)",
    "E": "day names cannot be shown on digit tubes", "L": "use M for the month",
    "S": "fractions of a second are not shown", "z": "time-zone names cannot be shown",
    "Z": "time-zone offsets cannot be shown",
  ]

  /// Parses `text`, refusing letters that are not a supported field.
  public init(_ text: String) throws(FacePatternError) {
    self.text = text
    var tokens: [Token] = []
    var literal = ""
    let characters = Array(text)
    var index = 0
    func flush() {
      if !literal.isEmpty { tokens.append(.literal(literal)) }
      literal = ""
    }
    while index < characters.count {
      let character = characters[index]
      if character == "'" {
        if index + 1 < characters.count, characters[index + 1] == "'" {
          literal.append("'")
          index += 2
          continue
        }
        // A quoted literal up to the closing quote; `''` inside is an apostrophe.
        var closing: Int? = nil
        var scan = index + 1
        var quoted = ""
        while scan < characters.count {
          if characters[scan] == "'" {
            if scan + 1 < characters.count, characters[scan + 1] == "'" {
              quoted.append("'")
              scan += 2
              continue
            }
            closing = scan
            break
          }
          quoted.append(characters[scan])
          scan += 1
        }
        if let closing {
          literal += quoted
          index = closing + 1
        } else {
          literal.append("'")
          index += 1
        }
        continue
      }
      guard character.isASCII, character.isLetter else {
        literal.append(character)
        index += 1
        continue
      }
      var count = 1
      while index + count < characters.count, characters[index + count] == character { count += 1 }
      guard let field = Field(rawValue: character) else {
        let reason = Self.refused[character].map { ": \($0)" } ?? ""
        throw FacePatternError(
          pattern: text,
          message:
            "'\(character)' is not a field nixie can show\(reason); fields: H HH h hh k kk K KK m mm s ss"
            + " d dd M MM yy yyyy (quote literal text: 'T')")
      }
      guard field.widths.contains(count) else {
        let written = String(repeating: character, count: count)
        let allowed = field.widths.sorted().map { String(repeating: character, count: $0) }
        let hint = field == .month && count > 2 ? " (month names cannot be shown on digit tubes)" : ""
        throw FacePatternError(
          pattern: text,
          message:
            "'\(written)' is not a width of this field; use \(allowed.joined(separator: " or "))\(hint)")
      }
      flush()
      tokens.append(.field(field, width: count))
      index += count
    }
    flush()
    guard !tokens.isEmpty else { throw FacePatternError(pattern: text, message: "the pattern is empty") }
    self.tokens = tokens
  }

  public var description: String { text }

  /// The fields the pattern uses.
  public var fields: Set<Field> {
    Set(
      tokens.compactMap {
        if case .field(let field, _) = $0 { return field }
        return nil
      })
  }

  /// The face's text at local time `time`: `HH:mm:ss` at 9:41 gives `09:41:00`.
  public func render(_ time: LocalTime) -> String {
    render { $0.value(of: time) }
  }

  /// The text with each field's value given by `value` (the validation renders synthetic
  /// values to try every width a field can take).
  func render(_ value: (Field) -> Int) -> String {
    var text = ""
    for token in tokens {
      switch token {
      case .literal(let literal): text += literal
      case .field(let field, let width): text += Self.digits(value(field), field: field, width: width)
      }
    }
    return text
  }

  private static func digits(_ value: Int, field: Field, width: Int) -> String {
    var number = value
    var minimum = width
    if field == .year {
      if width == 2 { number = value % 100 } else { minimum = 4 }
    }
    let digits = String(number)
    return String(repeating: "0", count: max(0, minimum - digits.count)) + digits
  }

  /// The fields written with one letter, whose text is one or two digits wide as the value goes.
  var variableWidthFields: [Field] {
    var result: [Field] = []
    for token in tokens {
      if case .field(let field, 1) = token, field != .year, !result.contains(field) { result.append(field) }
    }
    return result
  }
}
