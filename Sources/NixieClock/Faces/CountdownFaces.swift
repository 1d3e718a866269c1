import NixieDisplay
import NixieTime

/// How a countdown's time left shows on a board: `HH:mm:ss` where the board shows six digits,
/// else `mm:ss` under an hour and `HH:mm` from an hour up (four tubes), each with the
/// separators the board has (the first of `DefaultFaces`' spellings it can show).
public struct CountdownFaces: Hashable, Sendable {
  /// The face under an hour left.
  public let short: ClockFace
  /// The face from an hour left up.
  public let long: ClockFace

  /// Six digits, in the spellings `DefaultFaces` tries.
  static let full = ["HH:mm:ss", "HH mm ss", "HHmmss"]
  /// Four digits: minutes and seconds, hours and minutes.
  static let halves = [("mm:ss", "HH:mm"), ("mm ss", "HH mm"), ("mmss", "HHmm")]

  /// The faces `formatter` can show; nil when it cannot show four digits.
  public init?(formatter: ValueFormatter) {
    func face(_ pattern: String) -> ClockFace? {
      guard let pattern = try? FacePattern(pattern) else { return nil }
      return try? ClockFace(pattern: pattern, formatter: formatter)
    }
    if let full = Self.full.lazy.compactMap(face).first {
      (short, long) = (full, full)
      return
    }
    for (minutes, hours) in Self.halves {
      if let short = face(minutes), let long = face(hours) {
        (self.short, self.long) = (short, long)
        return
      }
    }
    return nil
  }

  /// The tubes with `seconds` left.
  public func state(secondsLeft seconds: Int) -> DisplayState {
    let left = max(0, seconds)
    let time = LocalTime(
      year: 2000, month: 1, day: 1, hour: left / 3600, minute: left / 60 % 60, second: left % 60)
    return (left < 3600 ? short : long).state(at: time)
  }
}
