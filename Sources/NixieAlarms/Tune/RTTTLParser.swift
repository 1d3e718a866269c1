import NixieText

/// Reads a tune in RTTTL, the ringtone format of Nokia's phones that the boards' Arduino
/// firmwares play: `name:d=4,o=6,b=120:a,p,8c7,4g#.`.
///
/// Three parts separated by colons: the name; the defaults (`d` the note length as a fraction
/// of a whole note, default 4; `o` the octave, default 6; `b` the beats a minute, default 63);
/// the notes, separated by commas, each `[length]name[#][.][octave][.]` — `name` one of
/// `c d e f g a b` (`h` for b, as German writes it) or `p` for a rest, `.` making it half as
/// long again. Letters in either case, spaces around the parts. A whole note lasts four beats.
///
/// Anything else is refused with its column: no part of a tune is guessed at. Limits keep a
/// tune a tune: at most `longestText` characters, `mostNotes` notes and `longestTune` in all.
public enum RTTTLParser {
  /// The most characters of RTTTL text read.
  public static let longestText = 4_096
  /// The most notes in a tune.
  public static let mostNotes = 1_000
  /// The longest a tune may play, in nanoseconds: ten minutes.
  public static let longestTune: UInt64 = 600_000_000_000
  /// The note lengths RTTTL allows, as fractions of a whole note.
  public static let lengths: Set<Int> = [1, 2, 4, 8, 16, 32]
  /// The tempos taken, in beats a minute.
  public static let tempos: ClosedRange<Int> = 1...900

  /// The semitone of each note name above C.
  static let semitones: [Character: Int] = ["c": 0, "d": 2, "e": 4, "f": 5, "g": 7, "a": 9, "b": 11, "h": 11]

  /// `text` as a tune; `line` is the line the text is on, for errors.
  public static func parse(_ text: String, line: Int = 1) throws(TuneError) -> Tune {
    var reader = Reader(text: text, line: line)
    return try reader.tune()
  }

  /// The tune's defaults as its second part sets them.
  struct Defaults {
    var length = 4
    var octave = 6
    var tempo = 63

    /// A note of `length` (dotted or not) in nanoseconds at this tempo.
    func nanoseconds(length: Int, dotted: Bool) -> UInt64 {
      let plain = 240_000_000_000 / UInt64(tempo * length)
      return dotted ? plain + plain / 2 : plain
    }
  }

  /// The text and where in it the parser is.
  struct Reader {
    let characters: [Character]
    let line: Int
    var index = 0

    init(text: String, line: Int) {
      characters = Array(text.prefix(RTTTLParser.longestText + 1))
      self.line = line
    }

    func error(_ message: String, at column: Int? = nil) -> TuneError {
      TuneError(line: line, column: column ?? index + 1, message: message)
    }

    var current: Character? { index < characters.count ? characters[index] : nil }

    /// `character` in lower case if it is an ASCII capital, else itself.
    static func lowered(_ character: Character) -> Character {
      guard let ascii = character.asciiValue, (65...90).contains(ascii) else { return character }
      return Character(Unicode.Scalar(ascii + 32))
    }

    func quotedCurrent() -> String { current.map { Printable.quoted(String($0)) } ?? "the end" }

    mutating func tune() throws(TuneError) -> Tune {
      guard characters.count <= RTTTLParser.longestText else {
        throw error(
          "a tune is at most \(RTTTLParser.longestText) characters", at: RTTTLParser.longestText + 1)
      }
      if let control = characters.firstIndex(where: {
        $0.isNewline || $0.asciiValue.map { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F } == true
      }) {
        throw error(
          "\(Printable.quoted(String(characters[control]))) has no place in a tune", at: control + 1)
      }
      let name = try self.name()
      let defaults = try self.defaults()
      var notes: [TuneNote] = []
      var total: UInt64 = 0
      while true {
        skipSpaces()
        if current == nil {
          if notes.isEmpty { throw error("a tune needs at least one note after its second ':'") }
          break
        }
        let start = index
        let note = try self.note(defaults)
        guard notes.count < RTTTLParser.mostNotes else {
          throw error("a tune has at most \(RTTTLParser.mostNotes) notes", at: start + 1)
        }
        total += note.nanoseconds
        guard total <= RTTTLParser.longestTune else {
          throw error("a tune plays for at most 10 minutes; this one is longer by this note", at: start + 1)
        }
        notes.append(note)
        skipSpaces()
        guard let separator = current else { break }
        guard separator == "," else {
          throw error("expected ',' between notes, found \(quotedCurrent())")
        }
        index += 1
        skipSpaces()
        if current == nil { break }  // a trailing comma
      }
      return Tune(name: name, notes: notes)
    }

    mutating func skipSpaces() {
      while let character = current, character == " " || character == "\t" { index += 1 }
    }

    /// The first part: up to the first colon.
    mutating func name() throws(TuneError) -> String {
      guard let colon = characters.firstIndex(of: ":") else {
        throw error("a tune is name:defaults:notes, and this one has no ':'", at: characters.count + 1)
      }
      let name = String(String(characters[..<colon]).trimmingSpacesAndTabs)
      guard name.count <= 64 else { throw error("a tune's name is at most 64 characters", at: 1) }
      index = colon + 1
      return name
    }

    /// The second part: `d=`, `o=`, `b=` separated by commas, up to the second colon.
    mutating func defaults() throws(TuneError) -> Defaults {
      var defaults = Defaults()
      guard let colon = characters[index...].firstIndex(of: ":") else {
        throw error(
          "a tune is name:defaults:notes, and this one has one ':' (write 'name::notes' for no defaults)",
          at: characters.count + 1)
      }
      while index < colon {
        skipSpaces()
        if index == colon { break }
        let keyColumn = index + 1
        let key = current.map(Self.lowered) ?? " "
        index += 1
        skipSpaces()
        guard current == "=" else {
          throw error(
            "a default is d=, o= or b= followed by a number, not \(Printable.quoted(String(characters[keyColumn - 1])))",
            at: keyColumn)
        }
        index += 1
        skipSpaces()
        let valueColumn = index + 1
        let value = number()
        let ranges: [Character: (ClosedRange<Int>, String)] = [
          "d": (1...32, "the default length is one of 1, 2, 4, 8, 16 or 32"),
          "o": (PitchTable.octaves, "the default octave is 3 to 8"),
          "b": (RTTTLParser.tempos, "the tempo (b=) is 1 to 900 beats a minute"),
        ]
        guard let (range, rule) = ranges[key] else {
          throw error(
            "a default is d=, o= or b=, not \(Printable.quoted(String(characters[keyColumn - 1])))=",
            at: keyColumn)
        }
        guard let value, range.contains(value), key != "d" || RTTTLParser.lengths.contains(value) else {
          throw error(rule, at: valueColumn)
        }
        switch key {
        case "d": defaults.length = value
        case "o": defaults.octave = value
        default: defaults.tempo = value
        }
        skipSpaces()
        if index < colon {
          guard current == "," else { throw error("expected ',' between defaults, found \(quotedCurrent())") }
          index += 1
        }
      }
      index = colon + 1
      return defaults
    }

    /// Up to four digits as a number; nil when there are none (or more).
    mutating func number() -> Int? {
      var digits = 0
      var value = 0
      while let character = current, let digit = character.wholeNumberValue, character.isASCII {
        digits += 1
        if digits <= 4 { value = value * 10 + digit }
        index += 1
      }
      return digits == 0 || digits > 4 ? nil : value
    }

    /// One note: `[length]name[#][.][octave][.]`.
    mutating func note(_ defaults: Defaults) throws(TuneError) -> TuneNote {
      let lengthColumn = index + 1
      var length = defaults.length
      if current?.isASCII == true, current?.wholeNumberValue != nil {
        guard let value = number(), RTTTLParser.lengths.contains(value) else {
          throw error("a note's length is one of 1, 2, 4, 8, 16 or 32", at: lengthColumn)
        }
        length = value
      }
      guard let letter = current.map(Self.lowered), letter == "p" || RTTTLParser.semitones[letter] != nil
      else {
        throw error("expected a note (c, d, e, f, g, a, b or h) or p for a rest, found \(quotedCurrent())")
      }
      let letterColumn = index + 1
      index += 1
      var semitone = RTTTLParser.semitones[letter] ?? 0
      if current == "#" {
        guard letter != "p", letter != "e", letter != "b", letter != "h" else {
          throw error(
            "\(letter)# is not a note (write \(letter == "e" ? "f" : "c") of the octave it means)",
            at: letterColumn)
        }
        semitone += 1
        index += 1
      }
      var dotted = false
      if current == "." {
        dotted = true
        index += 1
      }
      var octave = defaults.octave
      if let character = current, character.isASCII, let digit = character.wholeNumberValue {
        guard PitchTable.octaves.contains(digit), letter != "p" else {
          throw error(letter == "p" ? "a rest has no octave" : "a note's octave is 3 to 8")
        }
        octave = digit
        index += 1
      }
      if current == "." {
        guard !dotted else { throw error("a note is dotted once at most") }
        dotted = true
        index += 1
      }
      let nanoseconds = defaults.nanoseconds(length: length, dotted: dotted)
      guard letter != "p" else { return .rest(nanoseconds) }
      return TuneNote(hertz: PitchTable.hertz(semitone: semitone, octave: octave), nanoseconds: nanoseconds)
    }
  }
}
