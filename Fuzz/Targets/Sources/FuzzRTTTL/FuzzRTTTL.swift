import FuzzSupport
import NixieAlarms

/// Fuzzes the tunes alarms play (`BuiltInTunes.tune`: a built-in name or RTTTL text, the
/// whole input as one `tune:` setting). Whatever the text: a refusal points inside it (or just
/// past its end) and says why without raw characters; a tune taken has 1 to 1 000 notes,
/// plays for at most 10 minutes, every pitch is one RTTTL can name (C3 to B8), every note lasts
/// as long as some length, dot and tempo allow, and the note found at any time is the one
/// whose span holds it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRTTTL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let text = input.restAsText()
  do throws(TuneError) {
    let tune = try BuiltInTunes.tune(text, line: 7)
    Property.check((1...RTTTLParser.mostNotes).contains(tune.notes.count), "\(tune.notes.count) notes")
    Property.check(tune.nanoseconds <= RTTTLParser.longestTune, "a tune of \(tune.nanoseconds) ns")
    for note in tune.notes {
      if let hertz = note.hertz {
        Property.check(hertz >= 130 && hertz <= 7_903, "a pitch of \(hertz) Hz")
      }
      // The shortest: a 32nd at 900 beats a minute; the longest: a dotted whole note at 1.
      Property.check(
        note.nanoseconds >= 8_333_333 && note.nanoseconds <= 360_000_000_000,
        "a note of \(note.nanoseconds) ns")
    }
    var start: UInt64 = 0
    for note in tune.notes {
      Property.check(tune.note(at: start)?.note == note, "the note at \(start) ns")
      start += note.nanoseconds
    }
    Property.check(tune.note(at: start) == nil, "a note after the tune's end")
  } catch {
    Property.check(error.line == 7, "a refusal on line \(error.line) of a tune on line 7")
    Property.check(
      error.column >= 1 && error.column <= text.count + 1,
      "column \(error.column) of \(text.count) characters")
    Property.checkPrintable(error.message, "the refusal")
  }
  return 0
}
