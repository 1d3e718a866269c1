import Foundation
import NixieTestSupport
import NixieText
import Testing

/// Our JSON reader against Python's json module (the oracle), and its refusals by hand.
struct JSONReaderTests {
  /// Accepted by both: Python reads our rewriting of each to the same value as the original.
  static let valid = [
    #"{"show": "1234", "seconds": 5, "transition": "slot"}"#, #"{"clear": true}"#, "[]", "{}", "0", "-0",
    "1.50", "-1.5e-3", "2E+10", #""""#, #""\u00e9\ud83d\ude00\n\t\"\\\/""#, "null", "true", "false",
    #"  {"a" : [1, 2, {"b": null}], "c": "ü"}  "#, #"[[[[[[["deep"]]]]]]]"#, #"{"é": "\u0001"}"#,
    "123456789012345678901234567890", #"{"show": 42}"#, "[1,2,3]",
  ]

  /// Refused by both (Python with its non-standard constants and duplicate keys turned off).
  static let invalid = [
    "", " ", "{", "}", "[1,]", "[,1]", #"{"a" 1}"#, #"{"a": 1,}"#, #"{a: 1}"#, "01", "1.", ".5", "-", "1e",
    "+1", "NaN", "Infinity", "tru", "nulll", #""abc"#, "\"a\u{01}b\"", #""\x41""#,
    #"{"a": 1} {"#, "[1] 2", #"{"a": 1, "a": 2}"#, "'single'",
  ]

  /// Refused by us only: RFC 8259 lets a string escape a lone surrogate, which Python keeps but
  /// no Swift string can hold (and no request needs).
  static let refusedOnlyByUs = [#""\ud800""#, #""\ud800\u0041""#, #""\udc00""#]

  static let oracle = """
    import json, sys
    def reject(_): raise ValueError("constant")
    def pairs(items):
        keys = [k for k, _ in items]
        if len(keys) != len(set(keys)): raise ValueError("duplicate")
        return dict(items)
    for line in sys.stdin:
        original, ours = json.loads(line)
        try:
            expected = json.loads(original, parse_constant=reject, object_pairs_hook=pairs)
        except ValueError:
            print("refused" if ours is None else "accepted-only-by-us"); continue
        if ours is None: print("refused-only-by-us"); continue
        print("same" if json.loads(ours) == expected else "different")
    """

  @Test func pythonAgreesWithEveryAcceptAndRefusal() throws {
    let python = try #require(ToolProcess.find("python3"), "python3 is needed")
    let cases = Self.valid + Self.invalid + Self.refusedOnlyByUs
    let lines = cases.map { text -> String in
      let ours = try? JSONReader.read(Array(text.utf8)).text
      return JSONText.array(json: [JSONText.quoted(text), ours.map(JSONText.quoted) ?? "null"])
    }
    let output = try ToolProcess.run(
      python, ["-c", Self.oracle], input: lines.joined(separator: "\n") + "\n")
    let verdicts = output.split(separator: "\n").map(String.init)
    #expect(verdicts.count == cases.count)
    for (index, verdict) in verdicts.enumerated() {
      let expected =
        index < Self.valid.count
        ? "same" : index < Self.valid.count + Self.invalid.count ? "refused" : "refused-only-by-us"
      #expect(verdict == expected, "\(cases[index].debugDescription): \(verdict)")
    }
  }

  @Test func nestingDeeperThanTheLimitIsRefusedNotOverflowed() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONReader.Failure.self) { try JSONReader.read(Array(deep.utf8)) }
    let fits = String(repeating: "[", count: 31) + String(repeating: "]", count: 31)
    #expect((try? JSONReader.read(Array(fits.utf8))) != nil)
  }

  @Test func invalidUTF8IsRefused() {
    #expect(throws: JSONReader.Failure.self) { try JSONReader.read([0x22, 0xC3, 0x28, 0x22]) }
  }

  @Test func numbersKeepTheirText() throws {
    #expect(try JSONReader.read(Array("1.50".utf8)) == .number("1.50"))
    #expect(try JSONReader.read(Array("[1e3]".utf8)).text == "[1e3]")
  }
}
