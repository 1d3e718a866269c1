import NixieText
import Testing

/// What nixie echoes of user input never reaches the terminal raw.
struct PrintableTests {
  @Test(arguments: [
    ("12:34", "12:34"), ("Grüße Ω", "Grüße Ω"), ("1\u{7}2", "1\\u{07}2"), ("\u{1B}[31mred", "\\u{1B}[31mred"),
    ("a\nb\tc\r", "a\\u{0A}b\\u{09}c\\u{0D}"), ("\u{9B}2J", "\\u{9B}2J"), ("\u{7F}", "\\u{7F}"),
    ("abc\u{202E}def", "abc\\u{202E}def"), ("back\\slash", "back\\slash"), ("", ""),
  ])
  func controlCharactersAreEscaped(_ text: String, _ expected: String) {
    #expect(Printable.escaped(text) == expected)
  }

  @Test func noEscapedTextHoldsAControlCharacter() {
    let every = String(String.UnicodeScalarView((0...0x2070).compactMap(Unicode.Scalar.init)))
    let escaped = Printable.escaped(every)
    #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
  }

  @Test(arguments: [
    (1 << 20, "1 MiB"), (256 << 10, "256 KiB"), (1000, "1000 bytes"), (1, "1 byte"), (3 << 30, "3 GiB"),
  ])
  func sizesAreWrittenInTheLargestWholeUnit(_ bytes: Int, _ expected: String) {
    #expect(ByteCount.text(bytes) == expected)
  }

  /// A value in a message: quoted, escaped, at most 80 characters, a longer one cut with an
  /// ellipsis and its length in characters.
  @Test func aQuotedValueIsCutAfterEightyCharacters() {
    #expect(Printable.quoted("Europe/Berlin") == "'Europe/Berlin'")
    #expect(Printable.quoted("a\u{1B}b") == "'a\\u{1B}b'")
    let exactly = String(repeating: "é", count: 80)
    #expect(Printable.quoted(exactly) == "'" + exactly + "'")
    #expect(Printable.quoted(exactly + "x") == "'" + exactly + "…' (81 characters)")
    #expect(Printable.quoted(String(repeating: "z", count: 1_048_576)).utf8.count < 120)
  }

  /// The limit counts what is printed: control characters escaped six letters each are cut as
  /// soon as their escapes fill it (64 NULs on an MQTT topic made a 444-letter refusal), and a
  /// character is never cut in the middle of its escape.
  @Test func escapesCountTowardsTheLimit() {
    let nuls = String(repeating: "\u{0}", count: 64)
    #expect(
      Printable.quoted(nuls, limit: 64) == "'" + String(repeating: "\\u{00}", count: 10)
        + "…' (64 characters)")
    #expect(Printable.quoted("\u{0}", limit: 1) == "'\\u{00}'")
    #expect(Printable.shortened("ab\u{1B}cd", limit: 4) == "ab…")
    #expect(Printable.shortened("ab\u{1B}cd", limit: 8) == "ab\\u{1B}…")
    #expect(Printable.shortened("ab\u{1B}cd", limit: 9) == "ab\\u{1B}c…")
    #expect(Printable.shortened("ab\u{1B}cd", limit: 10) == "ab\\u{1B}cd")
    for count in 0...200 {
      let shown = Printable.quoted(String(repeating: "\u{7}", count: count), limit: 32)
      #expect(shown.count <= 32 + 2 + "… (200 characters)".count, "\(count) BELs: \(shown)")
    }
  }
}
