import NixieDisplay
import NixieTime

/// A face of the clock on one board: a pattern rendered in the clock's time zone and laid
/// out by the formatting core exactly as `nixie show` lays out the same text.
public struct ClockFace: Hashable, Sendable {
  public let pattern: FacePattern
  public let formatter: ValueFormatter

  /// A face for `pattern` on the board `formatter` lays out for, after checking the board can
  /// show it at any time (see `check`).
  public init(pattern: FacePattern, formatter: ValueFormatter) throws(FacePatternError) {
    self.pattern = pattern
    self.formatter = formatter
    try check()
  }

  /// What the tubes show at local time `time`. A face that passed `check` always formats;
  /// should it not, what cannot be shown stays dark instead of stopping the clock.
  public func state(at time: LocalTime) -> DisplayState {
    let text = pattern.render(time)
    do {
      return try formatter.format(text)
    } catch {
      return (try? formatter.format(text, options: FormatOptions(lenient: true))) ?? formatter.layout.blank
    }
  }

  /// Checks the face by reasoning over its character set and widths: the text of a pattern
  /// is its literals plus digits, and only the one-letter fields (`H`, `d`, `M`…) change width.
  /// So rendering every combination of those fields at one and at two digits, with each of
  /// the digits 0–9, covers every shape and every character the face can ever produce.
  func check() throws(FacePatternError) {
    let variable = pattern.variableWidthFields
    let combinations = 1 << min(variable.count, 8)
    for combination in 0..<combinations {
      for digit in 0...9 {
        let text = pattern.render { field in
          if let bit = variable.firstIndex(of: field), combination & (1 << bit) == 0 { return digit }
          return field == .year ? digit * 1111 : digit * 11
        }
        do {
          _ = try formatter.format(text)
        } catch {
          throw FacePatternError(
            pattern: pattern.text,
            message: "\(formatter.boardName) cannot show this face (e.g. \"\(text)\"): \(error.description)")
        }
      }
    }
  }
}
