import Foundation

/// A tune's notes as the RTTTL format defines them, for the tests' expectations, written from
/// the format's description and not from nixie's parser: `name:d=…,o=…,b=…:notes`, a whole
/// note lasting four beats, a dot adding half, each pitch 440·2^((n−57)/12) Hz with n =
/// 12·octave + semitone (C0 = 0, so A4 = 57). Only what the tests' tunes use; anything else
/// is nil.
enum RTTTLReference {
  /// A note or a rest, its times in milliseconds from the tune's start.
  struct Note {
    var hertz: Double?
    var start: Double
    var end: Double
  }

  static func notes(_ text: String) -> [Note]? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3 else { return nil }
    var duration = 4
    var octave = 6
    var beats = 63
    for setting in parts[1].split(separator: ",") {
      let pair = setting.split(separator: "=")
      guard pair.count == 2, let value = Int(pair[1]) else { return nil }
      switch pair[0] {
      case "d": duration = value
      case "o": octave = value
      case "b": beats = value
      default: return nil
      }
    }
    let whole = 4 * 60_000 / Double(beats)
    var time = 0.0
    var notes: [Note] = []
    for item in parts[2].split(separator: ",") {
      guard let note = note(String(item), duration: duration, octave: octave, whole: whole, at: time) else {
        return nil
      }
      notes.append(note)
      time = note.end
    }
    return notes
  }

  private static func note(_ item: String, duration: Int, octave: Int, whole: Double, at start: Double)
    -> Note?
  {
    var rest = Substring(item)
    let digits = rest.prefix { $0.isNumber }
    rest = rest.dropFirst(digits.count)
    let length = digits.isEmpty ? duration : Int(digits) ?? 0
    guard length > 0, let letter = rest.first else { return nil }
    rest = rest.dropFirst()
    let semitones: [Character: Int] = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11, "h": 11]
    var semitone = semitones[letter]
    if rest.first == "#" {
      semitone = semitone.map { $0 + 1 }
      rest = rest.dropFirst()
    }
    var dotted = false
    if rest.first == "." {
      dotted = true
      rest = rest.dropFirst()
    }
    var noteOctave = octave
    if let digit = rest.first?.wholeNumberValue {
      noteOctave = digit
      rest = rest.dropFirst()
    }
    if rest.first == "." { dotted = true }
    let milliseconds = whole / Double(length) * (dotted ? 1.5 : 1)
    let hertz = semitone.map { 440 * pow(2, Double(12 * noteOctave + $0 - 57) / 12) }
    guard letter == "p" || hertz != nil else { return nil }
    return Note(hertz: letter == "p" ? nil : hertz, start: start, end: start + milliseconds)
  }
}
