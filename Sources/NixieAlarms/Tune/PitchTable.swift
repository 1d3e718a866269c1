/// The pitches RTTTL can name: the twelve notes of an octave in equal temperament, tuned to
/// A4 = 440 Hz, in any octave from 3 to 8.
public enum PitchTable {
  /// C4 to B4 in hertz (each 2^(1/12) above the last; A4 exactly 440).
  static let fourthOctave: [Double] = [
    261.625_565_300_6, 277.182_630_976_9, 293.664_767_917_4, 311.126_983_722_1,
    329.627_556_912_9, 349.228_231_433_0, 369.994_422_711_6, 391.995_435_981_7,
    415.304_697_579_9, 440.0, 466.163_761_518_1, 493.883_301_256_1,
  ]

  /// The octaves a tune may use. RTTTL's own are 4 to 7; 3 and 8 are what players accept.
  public static let octaves: ClosedRange<Int> = 3...8

  /// The pitch of semitone `semitone` (0 = C … 11 = B) in `octave`; nil out of range.
  public static func hertz(semitone: Int, octave: Int) -> Double? {
    guard (0..<12).contains(semitone), octaves.contains(octave) else { return nil }
    var hertz = fourthOctave[semitone]
    if octave > 4 {
      for _ in 4..<octave { hertz *= 2 }
    } else {
      for _ in octave..<4 { hertz /= 2 }
    }
    return hertz
  }
}
