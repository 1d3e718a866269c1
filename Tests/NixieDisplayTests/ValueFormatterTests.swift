import NixieDisplay
import NixieTestBoards
import Testing

/// The formatting rules of issue 2, as tables: value and options in, `text` out.
struct ValueFormatterTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var value: String
    var options = FormatOptions()
    var text: String
    var testDescription: String { "\"\(value)\" \(options) → \"\(text)\"" }
  }

  static func format(
    _ value: String, _ options: FormatOptions = FormatOptions(),
    on layout: DisplayLayout = TestLayouts.reference
  ) throws -> String {
    layout.text(of: try ValueFormatter(layout: layout, boardName: "test").format(value, options: options))
  }

  static let referenceCases: [Case] = [
    // The examples of the issue.
    Case(value: "7", text: "       7"),
    Case(value: "654321", text: "65 43 21"),
    Case(value: "09:41:00", text: "09:41:00"),
    Case(value: "42", options: FormatOptions(padding: .zero), text: "00 00 42"),
    Case(value: "1.5", options: FormatOptions(decimals: 2), text: "    1.50"),
    Case(value: "9.75", options: FormatOptions(decimals: 1), text: "    9.8 "),
    // Numbers are right-aligned and keep their digits as typed.
    Case(value: "0", text: "       0"),
    Case(value: "42", text: "      42"),
    Case(value: "123456", text: "12 34 56"),
    Case(value: "007", text: "    0 07"),
    Case(value: "+5", text: "       5"),
    Case(value: "1.50", text: "    1.50"),
    Case(value: "12.34", text: "   12.34"),
    Case(value: "5.", text: "    5.  "),
    Case(value: ".5", text: "     .5 "),
    // Exponents are expanded.
    Case(value: "1e3", text: "   10 00"),
    Case(value: "1E3", text: "   10 00"),
    Case(value: "1.5e1", text: "      15"),
    Case(value: "1.50e1", text: "   15.0 "),
    Case(value: "2.5e-3", text: " 0.00 25"),
    Case(value: "25e-1", text: "    2.5 "),
    Case(value: "0.5e1", text: "       5"),
    // Rounding is half away from zero; zero loses its sign.
    Case(value: "9.95", options: FormatOptions(decimals: 1), text: "   10.0 "),
    Case(value: "0.125", options: FormatOptions(decimals: 2), text: "    0.13"),
    Case(value: "2.5", options: FormatOptions(decimals: 0), text: "       3"),
    Case(value: "2.4", options: FormatOptions(decimals: 0), text: "       2"),
    Case(value: "-0.04", options: FormatOptions(decimals: 1), text: "    0.0 "),
    Case(value: "99.95", options: FormatOptions(decimals: 1), text: " 1 00.0 "),
    Case(value: "7", options: FormatOptions(decimals: 2), text: "    7.00"),
    Case(value: "1e-9", options: FormatOptions(decimals: 2), text: "    0.00"),
    Case(value: ".5", options: FormatOptions(decimals: 1), text: "    0.5 "),
    // Zero padding fills the tubes left of a number.
    Case(value: "1.5", options: FormatOptions(padding: .zero), text: "00 01.5 "),
    Case(value: "123456", options: FormatOptions(padding: .zero), text: "12 34 56"),
    Case(value: "0", options: FormatOptions(padding: .zero), text: "00 00 00"),
    Case(value: "ab", options: FormatOptions(padding: .zero, lenient: true), text: "        "),
    // Strings are left-aligned; separators go between tubes.
    Case(value: "12:34", text: "12:34   "),
    Case(value: "12 34", text: "12  3 4 "),
    Case(value: "  7", text: "   7    "),
    Case(value: "12.34.56", text: "12.34.56"),
    Case(value: "1:2", text: " 1:2    "),
    Case(value: "12'34", text: "12'34   "),
    Case(value: "", text: "        "),
    Case(value: "   ", text: "        "),
    Case(value: "23:59:59", text: "23:59:59"),
    Case(value: "22.11.26", text: "22.11.26"),
    // Lenient: a dark tube for what cannot be shown, separators without a place dropped.
    Case(value: "12-4", options: FormatOptions(lenient: true), text: "12  4   "),
    Case(value: "-5", options: FormatOptions(lenient: true), text: "       5"),
    Case(value: "1.2.3.4", options: FormatOptions(lenient: true), text: " 1.23.4 "),
    Case(value: "abc", options: FormatOptions(lenient: true), text: "        "),
    Case(value: "12345.6", options: FormatOptions(lenient: true), text: "12 34 56"),
    Case(value: "Hello", options: FormatOptions(lenient: true), text: "        "),
  ]

  @Test("formats values on the reference board", arguments: referenceCases)
  func referenceBoard(_ example: Case) throws {
    #expect(try Self.format(example.value, example.options) == example.text)
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    var value: String
    var options = FormatOptions()
    var reason: FormatError.Reason
    var mentions: [String]
    var testDescription: String { "\"\(value)\" fails with \(reason)" }
  }

  static let failures: [Failure] = [
    Failure(value: "12-4", reason: .unsupportedCharacter("-"), mentions: ["'-'", "0–9", ": . '"]),
    Failure(value: "-5", reason: .negativeWithoutMinus, mentions: ["negative", "minus"]),
    Failure(
      value: "-1.5", options: FormatOptions(decimals: 2), reason: .negativeWithoutMinus,
      mentions: ["\"-1.5\""]),
    Failure(value: "abc", reason: .unsupportedCharacter("a"), mentions: ["'a'"]),
    Failure(value: "12,5", reason: .unsupportedCharacter(","), mentions: ["','"]),
    Failure(value: "1234567", reason: .tooLong(needed: 7, available: 6), mentions: ["7 tubes", "has 6"]),
    Failure(
      value: "1234567", options: FormatOptions(lenient: true), reason: .tooLong(needed: 7, available: 6),
      mentions: []),
    Failure(value: "1e400", reason: .tooLong(needed: 401, available: 6), mentions: []),
    Failure(
      value: "12345.6", reason: .separatorWithoutPlace("."),
      mentions: ["'.'", "between \"5\" and \"6\"", "after tube 2 and 4"]),
    Failure(value: "1:2:3:4", reason: .separatorWithoutPlace(":"), mentions: ["':'"]),
    Failure(value: "1::2", reason: .separatorWithoutPlace(":"), mentions: []),
    Failure(value: ":123456", reason: .separatorWithoutPlace(":"), mentions: ["before \"1\""]),
    Failure(
      value: "7", options: FormatOptions(decimals: -1), reason: .invalidDecimals(-1), mentions: ["--decimals"]
    ),
    // Found by Fuzz/Targets FuzzFormatter: rounding to a billion places allocated a gigabyte.
    Failure(
      value: "99999999", options: FormatOptions(decimals: 1 << 30), reason: .invalidDecimals(1 << 30),
      mentions: ["between 0 and 20"]),
    Failure(
      value: "7", options: FormatOptions(decimals: .max), reason: .invalidDecimals(.max),
      mentions: ["--decimals"]),
  ]

  @Test("rejects what the reference board cannot show", arguments: failures)
  func referenceFailures(_ failure: Failure) {
    let formatter = ValueFormatter(layout: TestLayouts.reference, boardName: "hv5622-6xin14")
    do {
      let state = try formatter.format(failure.value, options: failure.options)
      Issue.record("expected an error, got \"\(TestLayouts.reference.text(of: state))\"")
    } catch {
      #expect(error.reason == failure.reason)
      #expect(error.value == failure.value)
      for text in failure.mentions { #expect(error.description.contains(text), "\(error.description)") }
    }
  }

  /// Values with control characters, and a long one, with the start of their refusals.
  static let escapedRefusals: [(String, String)] = [
    ("12\u{0}", #"cannot show "12\u{00}": hv5622-6xin14 has no cathode for '\u{00}'"#),
    (
      "\u{7}\u{1B}[2J\u{202E}1",
      #"cannot show "\u{07}\u{1B}[2J\u{202E}1": hv5622-6xin14 has no cathode for '\u{07}'"#
    ),
    (String(repeating: "9", count: 500), #"cannot show "99999999"#),
  ]

  /// A control character in a value is quoted escaped, never raw (a NUL read as a space made the
  /// message say there is no cathode for ' ' and that the board can show a space), and a long
  /// value is quoted cut short.
  @Test(arguments: escapedRefusals)
  func aRefusalQuotesTheValueEscaped(_ value: String, _ expected: String) {
    let formatter = ValueFormatter(layout: TestLayouts.reference, boardName: "hv5622-6xin14")
    do {
      _ = try formatter.format(value)
      Issue.record("accepted")
    } catch {
      #expect(error.description.hasPrefix(expected), "\(error.description)")
      #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
      #expect(error.description.count < 300, "\(error.description.count) characters")
    }
  }

  @Test func decimalPointsOfIN14LightTheRightPoint() throws {
    let formatter = ValueFormatter(layout: TestLayouts.in14Points, boardName: "test")
    let layout = TestLayouts.in14Points
    #expect(layout.cathodeNames(of: try formatter.format("12.34")) == [["1"], ["2", "rdp"], ["3"], ["4"]])
    #expect(layout.cathodeNames(of: try formatter.format("1.5")) == [[], [], ["1", "rdp"], ["5"]])
    #expect(layout.cathodeNames(of: try formatter.format(".5")) == [[], [], ["rdp"], ["5"]])
    #expect(
      layout.cathodeNames(of: try formatter.format("1.2.3.4")) == [
        ["1", "rdp"], ["2", "rdp"], ["3", "rdp"], ["4"],
      ])
    #expect(layout.text(of: try formatter.format("1.5")) == "  15")
  }

  @Test func pointLeftOfTheDigitLightsForTheFollowingTube() throws {
    let formatter = ValueFormatter(layout: TestLayouts.in12B, boardName: "test")
    #expect(TestLayouts.in12B.cathodeNames(of: try formatter.format("1.5")) == [[], [], ["1"], ["5", "dp"]])
    #expect(TestLayouts.in12B.cathodeNames(of: try formatter.format(".25")) == [[], [], ["2", "dp"], ["5"]])
    // A point after the last tube has nowhere to go: the number moves left.
    #expect(TestLayouts.in12B.cathodeNames(of: try formatter.format("5.")) == [[], [], ["5"], ["dp"]])
  }

  @Test func separatorWithOnlyALowerDotShowsPointsButNotColons() throws {
    let formatter = ValueFormatter(layout: TestLayouts.lowerDotOnly, boardName: "test")
    #expect(TestLayouts.lowerDotOnly.text(of: try formatter.format("1.5")) == "1.5")
    #expect(throws: FormatError.self) { try formatter.format("1:5") }
    #expect(throws: FormatError.self) { try formatter.format("1'5") }
    #expect(formatter.capabilities == "0–9, space and the separators .")
  }

  @Test func minusSignNeedsAnIN15A() throws {
    let formatter = ValueFormatter(layout: TestLayouts.signed, boardName: "test")
    #expect(TestLayouts.signed.text(of: try formatter.format("-12")) == "-12  ")
    #expect(TestLayouts.signed.text(of: try formatter.format("12")) == "   12")
    #expect(
      TestLayouts.signed.text(of: try formatter.format("-12", options: FormatOptions(padding: .zero)))
        == "-12  ")
    #expect(
      TestLayouts.signed.text(of: try formatter.format("-1", options: FormatOptions(padding: .zero)))
        == "-1   ")
    #expect(TestLayouts.signed.text(of: try formatter.format("M")) == "M    ")
    #expect(TestLayouts.signed.cathodeNames(of: try formatter.format("−")) == [["-"], [], [], [], []])
    #expect(formatter.capabilities == "0–9, µ, P, -, +, m, M, K, П, %, n, space")
  }

  @Test func unitTubeTakesTheSymbolWhereverThePlacementAllows() throws {
    let formatter = ValueFormatter(layout: TestLayouts.withUnit, boardName: "test")
    #expect(TestLayouts.withUnit.text(of: try formatter.format("12V")) == " 12V")
    #expect(TestLayouts.withUnit.text(of: try formatter.format("50Hz")) == " 50㎐")
    #expect(TestLayouts.withUnit.cathodeNames(of: try formatter.format("5Ω")) == [[], [], ["5"], ["Ω"]])
    #expect(TestLayouts.withUnit.cathodeNames(of: try formatter.format("5Ω")) == [[], [], ["5"], ["Ω"]])
    #expect(throws: FormatError.self) { try formatter.format("1V2") }
    do {
      _ = try formatter.format("1V2")
    } catch {
      #expect(error.reason == .characterWithoutPlace("V"))
      #expect(error.description.contains("tube 4 (IN-15B)"))
    }
    #expect(
      TestLayouts.withUnit.text(of: try formatter.format("1V2", options: FormatOptions(lenient: true)))
        == "1 2 ")
  }

  /// Formatters are equal when they lay out for the same board — its name and its layout —
  /// which is what faces built on them compare by.
  @Test func formattersAreEqualForTheSameBoardOnly() {
    let one = ValueFormatter(layout: TestLayouts.reference, boardName: "b")
    let same = ValueFormatter(layout: TestLayouts.reference, boardName: "b")
    let renamed = ValueFormatter(layout: TestLayouts.reference, boardName: "c")
    let relaid = ValueFormatter(layout: TestLayouts.signed, boardName: "b")
    #expect(one == same)
    #expect(one.hashValue == same.hashValue)
    #expect(one != renamed)
    #expect(one != relaid)
    #expect(Set([one, same, renamed, relaid]).count == 3)
  }
}
