import NixieDisplay

/// How the stopwatch shows on a board: `mm:ss.cc` where the board shows six digits (then
/// `hh:mm:ss` from an hour up), `ss.cc` and then `mm:ss` on four — each in the first style the
/// board can show: with its separators, with dark tubes between the pairs, or digits alone.
public struct StopwatchFaces: Hashable, Sendable {
  /// A field of the time shown, two digits.
  enum Field: Hashable, Sendable { case hours, minutes, seconds, hundredths }

  /// Fields and what goes between them.
  struct Spelling: Hashable, Sendable {
    var fields: [Field]
    var separators: [String]
  }

  let formatter: ValueFormatter
  /// Under a minute, under an hour, from an hour up.
  let spellings: [Spelling]

  /// The six-digit fields, then the four-digit ones: under a minute, under an hour, from an hour up.
  static let fieldSets: [[[Field]]] = [
    [[.minutes, .seconds, .hundredths], [.minutes, .seconds, .hundredths], [.hours, .minutes, .seconds]],
    [[.seconds, .hundredths], [.minutes, .seconds], [.hours, .minutes]],
  ]

  /// What goes between the pairs, in the order tried: the separators (a point before the
  /// hundredths), a dark tube, nothing.
  static func styles(for fields: [Field]) -> [[String]] {
    let marks = fields.dropFirst().map { $0 == .hundredths ? "." : ":" }
    return [marks, marks.map { _ in " " }, marks.map { _ in "" }]
  }

  /// The faces `formatter` can show; nil when it cannot show four digits.
  public init?(formatter: ValueFormatter) {
    self.formatter = formatter
    for fieldSet in Self.fieldSets {
      for style in 0..<3 {
        let spellings = fieldSet.map { Spelling(fields: $0, separators: Self.styles(for: $0)[style]) }
        let fits = spellings.allSatisfy {
          (try? formatter.format($0.text(hours: 12, minutes: 34, seconds: 56, hundredths: 78))) != nil
        }
        if fits {
          self.spellings = spellings
          return
        }
      }
    }
    return nil
  }

  /// The tubes after `nanoseconds`.
  public func state(elapsed nanoseconds: UInt64) -> DisplayState {
    let hundredths = nanoseconds / 10_000_000
    let seconds = hundredths / 100
    let spelling = seconds < 60 ? spellings[0] : seconds < 3600 ? spellings[1] : spellings[2]
    let text = spelling.text(
      hours: Int(seconds / 3600 % 100), minutes: Int(seconds / 60 % 60), seconds: Int(seconds % 60),
      hundredths: Int(hundredths % 100))
    return (try? formatter.format(text)) ?? formatter.layout.blank
  }
}

extension StopwatchFaces.Spelling {
  /// The text for these field values, two digits each.
  func text(hours: Int, minutes: Int, seconds: Int, hundredths: Int) -> String {
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let values: [StopwatchFaces.Field: Int] = [
      .hours: hours, .minutes: minutes, .seconds: seconds, .hundredths: hundredths,
    ]
    var text = ""
    for (index, field) in fields.enumerated() {
      if index > 0 { text += separators[index - 1] }
      text += two(values[field] ?? 0)
    }
    return text
  }
}
