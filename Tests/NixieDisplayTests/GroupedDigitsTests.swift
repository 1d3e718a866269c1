import NixieDisplay
import NixieTestBoards
import Testing

/// `--group-digits` (issue 27): a dark tube between groups of three digits, counted from the
/// point both ways, as SI and ISO 80000-1 write numbers. Every length on 4-, 6- and 8-tube
/// boards, checked against layouts written here from the rule, never by the formatter.
struct GroupedDigitsTests {
  static let digits = TestLayouts.digits
  static let points: [Cathode] = [.leftDecimalPoint, .rightDecimalPoint]

  /// N IN-14 with their decimal points wired, no separators.
  static func plain(_ tubes: Int) -> DisplayLayout {
    DisplayLayout(
      positions: (1...tubes).map { TestLayouts.tube(.in14, "tube \($0)", wiring: digits + points) })
  }

  /// An IN-15A sign tube (the catalogue's only minus), then N − 1 IN-14 with their points.
  static func signed(_ tubes: Int) -> DisplayLayout {
    DisplayLayout(
      positions: [TestLayouts.tube(.in15A, "sign", wiring: TubeModel.in15A.cathodes)]
        + (2...tubes).map { TestLayouts.tube(.in14, "tube \($0)", wiring: digits + points) })
  }

  static let grouped = FormatOptions(groupDigits: true)
  static let boardSizes = [4, 6, 8]

  /// The digits of a test number: 1, 2, …, 9, 0, 1, … so that every tube shows its own place.
  static func digitRun(_ count: Int, from first: Int = 1) -> [Int] {
    (0..<count).map { (first + $0) % 10 }
  }

  /// What a grouped number lights, tube by tube, from the rule alone: the integer digits in
  /// threes from the right, a dark tube before each full group that has digits left of it;
  /// the fraction in threes from the left; the point on the right decimal point (`rdp`) of the
  /// units tube; a minus first.
  static func cells(integer: [Int], fraction: [Int], minus: [String]?) -> [[String]] {
    var left: [[String]] = []
    for (count, digit) in integer.reversed().enumerated() {
      if count > 0 && count % 3 == 0 { left.insert([], at: 0) }
      left.insert([String(digit)], at: 0)
    }
    if !fraction.isEmpty { left[left.count - 1].append("rdp") }
    var right: [[String]] = []
    for (count, digit) in fraction.enumerated() {
      if count > 0 && count % 3 == 0 { right.append([]) }
      right.append([String(digit)])
    }
    return (minus.map { [$0] } ?? []) + left + right
  }

  static func text(_ integer: [Int], _ fraction: [Int], negative: Bool) -> String {
    (negative ? "-" : "") + integer.map(String.init).joined()
      + (fraction.isEmpty ? "" : "." + fraction.map(String.init).joined())
  }

  static func names(_ value: String, _ options: FormatOptions, on layout: DisplayLayout) throws(FormatError)
    -> [[String]]
  {
    layout.cathodeNames(
      of: try ValueFormatter(layout: layout, boardName: "test").format(value, options: options))
  }

  /// Every integer length from 1 to one more than fits, with no fraction, one fraction digit
  /// and four (a fraction of two groups): right-aligned, or refused naming the tubes it needs.
  @Test(arguments: boardSizes)
  func everyLengthOnAPlainBoard(_ tubes: Int) {
    let layout = Self.plain(tubes)
    for fractionCount in [0, 1, 4] {
      for integerCount in 1...(tubes + 1) {
        let integer = Self.digitRun(integerCount)
        let fraction = Self.digitRun(fractionCount, from: 5)
        let value = Self.text(integer, fraction, negative: false)
        let cells = Self.cells(integer: integer, fraction: fraction, minus: nil)
        Self.expect(value, Self.grouped, on: layout, cells: cells, alignedRight: true)
      }
    }
  }

  /// Negative numbers where the board has a minus: on the sign tube, the number right after it
  /// (the only placement that shows the minus); where it has none, refused, or with `--lenient`
  /// a dark tube for the sign.
  @Test(arguments: boardSizes)
  func everyLengthNegative(_ tubes: Int) {
    for fractionCount in [0, 1, 4] {
      for integerCount in 1...tubes {
        let integer = Self.digitRun(integerCount)
        let fraction = Self.digitRun(fractionCount, from: 5)
        let value = Self.text(integer, fraction, negative: true)
        let signed = Self.cells(integer: integer, fraction: fraction, minus: ["-"])
        Self.expect(value, Self.grouped, on: Self.signed(tubes), cells: signed, alignedRight: false)
        let lenient = FormatOptions(lenient: true, groupDigits: true)
        let dark = Self.cells(integer: integer, fraction: fraction, minus: [])
        Self.expect(value, lenient, on: Self.plain(tubes), cells: dark, alignedRight: true)
        do {
          let shown = try Self.names(value, Self.grouped, on: Self.plain(tubes))
          Issue.record("\(value) on \(tubes) tubes without a minus: shown as \(shown)")
        } catch {
          #expect(error.reason == .negativeWithoutMinus, "\(value): \(error)")
        }
      }
    }
  }

  /// `--pad zero`: the digit places left of the number show 0, its gap places stay dark (the
  /// columns are counted from the units tube, so `42` on six tubes is `00 042`).
  @Test(arguments: boardSizes)
  func zeroPaddingKeepsTheGapsDark(_ tubes: Int) {
    let layout = Self.plain(tubes)
    let options = FormatOptions(padding: .zero, groupDigits: true)
    for fractionCount in [0, 1] {
      for integerCount in 1...tubes {
        let integer = Self.digitRun(integerCount)
        let fraction = Self.digitRun(fractionCount, from: 5)
        let value = Self.text(integer, fraction, negative: false)
        guard Self.cells(integer: integer, fraction: fraction, minus: nil).count <= tubes else { continue }
        // The number with as many leading zeros as fit; a column left over is a gap's, dark.
        var padded = integer
        while Self.cells(integer: [0] + padded, fraction: fraction, minus: nil).count <= tubes {
          padded.insert(0, at: 0)
        }
        var cells = Self.cells(integer: padded, fraction: fraction, minus: nil)
        if cells.count < tubes { cells.insert([], at: 0) }
        #expect(cells.count == tubes, "\(value)")
        Self.expect(value, options, on: layout, cells: cells, alignedRight: true)
      }
    }
  }

  /// Checks `value` lights `cells` (placed right or left on the board, the rest dark), or is
  /// refused as too long, naming the tubes it needs and its gaps, when `cells` do not fit.
  static func expect(
    _ value: String, _ options: FormatOptions, on layout: DisplayLayout, cells: [[String]],
    alignedRight: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let tubes = layout.tubeCount
    let gaps = cells.filter(\.isEmpty).count - (cells.first == [] ? 1 : 0)
    do {
      let shown = try names(value, options, on: layout)
      let blanks = Array(repeating: [String](), count: max(tubes - cells.count, 0))
      let expected = alignedRight ? blanks + cells : cells + blanks
      #expect(cells.count <= tubes, "\(value) fits in \(tubes) tubes", sourceLocation: sourceLocation)
      #expect(shown == expected, "\(value) on \(tubes) tubes", sourceLocation: sourceLocation)
    } catch {
      #expect(cells.count > tubes, "\(value) on \(tubes) tubes: \(error)", sourceLocation: sourceLocation)
      #expect(error.reason == .tooLong(needed: cells.count, available: tubes), sourceLocation: sourceLocation)
      let among = gaps == 0 ? "" : " (with \(gaps) gap\(gaps == 1 ? "" : "s") between groups of digits)"
      let needs = "it needs \(cells.count) tubes\(among) and"
      #expect(error.description.contains(needs), "\(error)", sourceLocation: sourceLocation)
      #expect(error.description.hasSuffix("has \(tubes)"), "\(error)", sourceLocation: sourceLocation)
    }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var value: String
    var options: FormatOptions
    var text: String
    var testDescription: String { "\"\(value)\" → \"\(text)\"" }
  }

  /// The issue's examples and the options grouping composes with, on the six tubes and two
  /// colons of the reference board: a gap is always a tube, never a separator position, and a
  /// separator position stays dark (a dot would read as a decimal point).
  static let referenceCases: [Case] = [
    Case(value: "12345", options: grouped, text: "12  3 45"),
    Case(value: "999", options: grouped, text: "    9 99"),
    Case(value: "1000", options: grouped, text: " 1  0 00"),
    Case(value: "7", options: grouped, text: "       7"),
    Case(value: "1e3", options: grouped, text: " 1  0 00"),
    Case(value: "0012", options: grouped, text: " 0  0 12"),
    Case(value: "42", options: FormatOptions(padding: .zero, groupDigits: true), text: "00  0 42"),
    Case(value: "1234.56", options: FormatOptions(decimals: 0, groupDigits: true), text: " 1  2 35"),
    Case(value: "1234", options: FormatOptions(lenient: true, groupDigits: true), text: " 1  2 34"),
    Case(value: "-5", options: FormatOptions(lenient: true, groupDigits: true), text: "       5"),
    // Text is not grouped.
    Case(value: "a 1234", options: FormatOptions(lenient: true, groupDigits: true), text: "   12 34"),
    Case(value: "12:34", options: grouped, text: "12:34   "),
  ]

  @Test(arguments: referenceCases)
  func onTheReferenceBoard(_ example: Case) throws {
    let layout = TestLayouts.reference
    let state = try ValueFormatter(layout: layout, boardName: "test").format(
      example.value, options: example.options)
    #expect(layout.text(of: state) == example.text)
  }

  @Test func decimalsRoundFirstThenGroup() throws {
    let layout = Self.plain(8)
    let options = FormatOptions(decimals: 2, groupDigits: true)
    #expect(try Self.names("1234.5678", options, on: layout) == Self.cells8("1 234.57"))
    #expect(try Self.names("999.999", options, on: layout) == Self.cells8("1 000.00"))
    let four = FormatOptions(decimals: 4, groupDigits: true)
    #expect(try Self.names("3.14159", four, on: layout) == Self.cells8("3.141 6"))
  }

  /// `"1 234.57"` as eight IN-14 show it, right-aligned: a space a dark tube, `.` the `rdp`.
  static func cells8(_ text: String) -> [[String]] {
    var cells: [[String]] = []
    for character in text {
      if character == "." {
        cells[cells.count - 1].append("rdp")
      } else {
        cells.append(character == " " ? [] : [String(character)])
      }
    }
    return Array(repeating: [], count: 8 - cells.count) + cells
  }

  /// Every text of up to four characters from digits, point, sign, exponent and space, with
  /// padding, rounding and leniency, on boards with and without separators, points and a
  /// minus: each is laid out or refused with a message, never a trap.
  @Test func oddInputNeverTraps() {
    let alphabet: [Character] = ["9", ".", "-", "e", " "]
    var texts = [""]
    var all = [""]
    for _ in 1...4 {
      texts = texts.flatMap { text in alphabet.map { text + String($0) } }
      all += texts
    }
    let layouts = [TestLayouts.reference, TestLayouts.signed, TestLayouts.in12B, Self.plain(4)]
    var shown = 0
    var refused = 0
    for layout in layouts {
      let formatter = ValueFormatter(layout: layout, boardName: "test")
      for bits in 0..<4 {
        let options = FormatOptions(
          decimals: bits == 1 ? 1 : nil, padding: bits & 2 == 2 ? .zero : .blank, lenient: bits & 1 == 1,
          groupDigits: true)
        for text in all {
          do {
            let state = try formatter.format(text, options: options)
            #expect(state.lit.count == layout.count)
            shown += 1
          } catch {
            #expect(!error.description.isEmpty)
            refused += 1
          }
        }
      }
    }
    #expect(shown > 0 && refused > 0)
  }

  @Test func theIssuesTooLongExample() {
    let formatter = ValueFormatter(layout: TestLayouts.reference, boardName: "hv5622-6xin14")
    let expected = [
      "cannot show \"1234567\": it needs 9 tubes (with 2 gaps between groups of digits) and hv5622-6xin14 has 6",
      // Without grouping it fits no better, and says so without gaps.
      "cannot show \"1234567\": it needs 7 tubes and hv5622-6xin14 has 6",
    ]
    for (grouped, message) in zip([true, false], expected) {
      do {
        let state = try formatter.format("1234567", options: FormatOptions(groupDigits: grouped))
        Issue.record("expected an error, got \"\(TestLayouts.reference.text(of: state))\"")
      } catch {
        #expect(error.description == message)
      }
    }
  }

}
