import Foundation
import NixieTestSupport
import Testing

@testable import NixieAlarms

/// RTTTL as Nokia's specification writes it: pitches against equal temperament computed here
/// with libm (A4 = 440 Hz, 2^(1/12) a semitone), lengths against four beats a whole note, and
/// every refusal with its column.
struct RTTTLParserTests {
  static let names: [(String, Int)] = [
    ("c", 0), ("c#", 1), ("d", 2), ("d#", 3), ("e", 4), ("f", 5), ("f#", 6), ("g", 7), ("g#", 8),
    ("a", 9), ("a#", 10), ("b", 11), ("h", 11),
  ]

  /// 440 · 2^((n − 69)/12) for MIDI note n = 12 · (octave + 1) + semitone.
  static func equalTemperament(semitone: Int, octave: Int) -> Double {
    440 * pow(2, Double(12 * (octave + 1) + semitone - 69) / 12)
  }

  @Test func theSpecificationsExample() throws {
    let tune = try RTTTLParser.parse("name:d=4,o=6,b=120:a,p,8c7")
    #expect(tune.name == "name")
    #expect(tune.notes.map(\.nanoseconds) == [500_000_000, 500_000_000, 250_000_000])
    #expect(tune.notes.map { $0.hertz.map { ($0 * 1000).rounded() } } == [1_760_000, nil, 2_093_005])
    #expect(tune.nanoseconds == 1_250_000_000)
  }

  /// Every note name, sharp or not, in every octave: within a millionth of equal temperament.
  @Test func everyPitch() throws {
    for (name, semitone) in Self.names {
      for octave in 3...8 {
        let tune = try RTTTLParser.parse("t::\(name)\(octave)")
        let hertz = try #require(tune.notes.first?.hertz)
        let expected = Self.equalTemperament(semitone: semitone, octave: octave)
        #expect(abs(hertz - expected) / expected < 1e-6, "\(name)\(octave): \(hertz) for \(expected)")
      }
    }
  }

  /// Every length at a range of tempos, dotted before or after the octave, from the defaults
  /// or on the note: a whole note is four beats.
  @Test func everyLength() throws {
    for tempo in [1, 25, 63, 100, 120, 250, 900] {
      // Slow whole notes would pass the 10 minutes a tune may last.
      for length in [1, 2, 4, 8, 16, 32] where tempo * length >= 4 {
        let plain = UInt64(240_000_000_000 / Double(tempo * length))
        let dotted = plain + plain / 2
        let onNote = try RTTTLParser.parse("t:b=\(tempo):\(length)a,\(length)a.,\(length)a.5,\(length)a5.")
        #expect(onNote.notes.map(\.nanoseconds) == [plain, dotted, dotted, dotted], "b=\(tempo) \(length)")
        let byDefault = try RTTTLParser.parse("t:d=\(length),b=\(tempo):p")
        #expect(byDefault.notes == [.rest(plain)], "d=\(length) b=\(tempo)")
      }
    }
  }

  @Test func theDefaultsAreFourOctaveSixAndSixtyThreeBeats() throws {
    let tune = try RTTTLParser.parse("t::a")
    let first = try #require(tune.notes.first)
    #expect(first.nanoseconds == 240_000_000_000 / (63 * 4))
    #expect(try #require(first.hertz) == 1_760)
  }

  @Test func spacesCaseTrailingCommaAndGermanH() throws {
    let tune = try RTTTLParser.parse(" Alarm : D = 8 , O=5, B=100 : A# , H ,\tp, ")
    #expect(tune.name == "Alarm")
    #expect(tune.notes.count == 3)
    let hertz = tune.notes.compactMap(\.hertz)
    #expect(abs(hertz[0] - Self.equalTemperament(semitone: 10, octave: 5)) < 1e-6)
    #expect(abs(hertz[1] - Self.equalTemperament(semitone: 11, octave: 5)) < 1e-6)
  }

  /// Each refusal says where: (text, column, what the message says).
  @Test(arguments: [
    ("", 1, "has no ':'"),
    ("beeps", 6, "has no ':'"),
    ("x:d=4", 6, "has one ':'"),
    ("x:d=3:a", 5, "1, 2, 4, 8, 16 or 32"),
    ("x:o=9:a", 5, "octave is 3 to 8"),
    ("x:b=0:a", 5, "1 to 900"),
    ("x:b=901:a", 5, "1 to 900"),
    ("x:b=12345:a", 5, "1 to 900"),
    ("x:q=4:a", 3, "d=, o= or b="),
    ("x:d4:a", 3, "followed by a number"),
    ("x:d=4;o=5:a", 6, "between defaults"),
    ("x::", 4, "at least one note"),
    ("x::a,,b", 6, "expected a note"),
    ("x::e#", 4, "e# is not a note"),
    ("x::b#", 4, "b# is not a note"),
    ("x::p5", 5, "a rest has no octave"),
    ("x::a..", 6, "dotted once"),
    ("x::3a", 4, "length is one of"),
    ("x::a9", 5, "octave is 3 to 8"),
    ("x::a;b", 5, "expected ','"),
    ("x::a\u{0}", 5, "has no place"),
    ("x::a\nb", 5, "has no place"),
    ("x::a\u{1B}[31m", 5, "has no place"),
    ("x:d=1,b=1:a,a,a", 15, "at most 10 minutes"),
  ])
  func refusals(_ text: String, _ column: Int, _ says: String) {
    #expect(throws: TuneError.self) { try RTTTLParser.parse(text) }
    do throws(TuneError) {
      _ = try RTTTLParser.parse(text, line: 3)
    } catch {
      #expect(error.line == 3)
      #expect(error.column == column, "\(text.debugDescription): \(error)")
      #expect(error.message.contains(says), "\(text.debugDescription): \(error)")
      #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }
  }

  @Test func limitsOnLengthAndNotes() throws {
    let long = "x::" + String(repeating: "a,", count: 2_047)
    #expect(long.count > RTTTLParser.longestText)
    #expect(throws: TuneError(column: 4_097, message: "a tune is at most 4096 characters")) {
      try RTTTLParser.parse(long)
    }
    let many = "x:d=32,b=900:" + Array(repeating: "a", count: 1_001).joined(separator: ",")
    #expect(many.count <= RTTTLParser.longestText)
    do throws(TuneError) {
      _ = try RTTTLParser.parse(many)
      Issue.record("1 001 notes taken")
    } catch {
      #expect(error.message == "a tune has at most 1000 notes")
      #expect(error.column == 13 + 2 * 1_000 + 1)
    }
  }

  /// Random text — mostly RTTTL's own characters — never traps, and every refusal points
  /// inside the text (or just past its end) with a message free of control characters.
  @Test func randomTextIsRefusedCleanly() {
    var random = SplitMix64(state: 34)
    let alphabet = Array("abcdefghp#.,:=0123456789 dob\u{0}\u{7F}é\u{202E}")
    for _ in 0..<20_000 {
      let count = Int(random.next() % 40)
      let text = String((0..<count).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
      do throws(TuneError) {
        let tune = try RTTTLParser.parse(text)
        #expect(!tune.notes.isEmpty && tune.nanoseconds <= RTTTLParser.longestTune)
      } catch {
        #expect((1...text.count + 1).contains(error.column), "\(text.debugDescription): \(error)")
        let raw = error.message.unicodeScalars.contains {
          $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}"
        }
        #expect(!raw, "\(text.debugDescription): \(error)")
      }
    }
  }

  @Test func theNoteAtATime() throws {
    let tune = try RTTTLParser.parse("t:d=4,b=60:a,p")
    #expect(try #require(tune.note(at: 0)).left == 1_000_000_000)
    #expect(try #require(tune.note(at: 999_999_999)?.note.hertz) == 1_760)
    #expect(try #require(tune.note(at: 1_000_000_000)).note == .rest(1_000_000_000))
    #expect(tune.note(at: 2_000_000_000) == nil)
  }

  @Test func builtInTunesParseAndAreNamed() throws {
    for (name, _) in BuiltInTunes.texts {
      let tune = try #require(BuiltInTunes.named(name), "\(name)")
      #expect(tune.name == name)
      #expect(tune.nanoseconds > 500_000_000 && tune.nanoseconds < 10_000_000_000, "\(name)")
    }
    #expect(try BuiltInTunes.tune("beeps") == (try #require(BuiltInTunes.named("beeps"))))
    #expect(try BuiltInTunes.tune("mine::8a").notes.count == 1)
    do throws(TuneError) {
      _ = try BuiltInTunes.tune("klaxon\u{7}")
      Issue.record("an unknown name taken")
    } catch {
      #expect(
        error.message
          == "no built-in tune is called 'klaxon\\u{07}' (there are beeps, rising, chime, timer), and RTTTL is name:defaults:notes"
      )
    }
  }
}
