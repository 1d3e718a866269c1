import Testing

@testable import NixieDisplay

/// Numbers are parsed and rounded as decimal digits, never through binary floating point.
struct DecimalNumberTests {
  @Test(arguments: [
    ("0", "0"), ("7", "7"), ("-7", "-7"), ("+7", "7"), ("007", "007"), ("1.50", "1.50"),
    ("5.", "5."), (".5", ".5"), ("-.5", "-.5"), ("1e3", "1000"), ("1E+3", "1000"), ("1.5e1", "15"),
    ("1.50e1", "15.0"), ("25e-3", "0.025"), ("0.5e1", "5"), ("00012e-1", "1.2"), ("1e0", "1"),
    ("-2.5e-1", "-0.25"), ("123.456e2", "12345.6"), ("1e-0", "1"),
  ])
  func parsesAndExpands(_ text: String, _ expected: String) throws {
    #expect(try #require(DecimalNumber(parsing: text)).text == expected)
  }

  @Test(arguments: [
    ("1", "1"), ("123", "123"), ("1234", "1 234"), ("-12345", "-12 345"), ("1234567", "1 234 567"),
    ("1234.5", "1 234.5"), ("0.1234", "0.123 4"), ("1234567.1234567", "1 234 567.123 456 7"),
    ("5.", "5."), (".5", ".5"), ("-.1234", "-.123 4"), ("1e3", "1 000"), ("100.000", "100.000"),
  ])
  func groupsDigitsInThreesFromThePoint(_ text: String, _ expected: String) throws {
    #expect(try #require(DecimalNumber(parsing: text)).text(grouped: true) == expected)
  }

  @Test(arguments: [
    "", "-", "+", ".", "-.", "1e", "1e+", "e3", "1.2.3", "1-", "--1", " 1", "1 ", "0x10", "١٢", "1_000",
    "inf", "nan", "1,5", "½",
  ])
  func rejectsNonNumbers(_ text: String) {
    #expect(DecimalNumber(parsing: text) == nil)
  }

  @Test(arguments: [
    ("9.75", 1, "9.8"), ("9.74", 1, "9.7"), ("9.95", 1, "10.0"), ("0.125", 2, "0.13"),
    ("-0.125", 2, "-0.13"), ("2.5", 0, "3"), ("-2.5", 0, "-3"), ("-0.04", 1, "0.0"), ("99.95", 1, "100.0"),
    ("7", 2, "7.00"), (".5", 1, "0.5"), (".5", 0, "1"), ("0.0049", 2, "0.00"), ("-0", 0, "0"),
    ("1.005", 2, "1.01"), ("1e-9", 2, "0.00"), ("999.999", 2, "1000.00"), ("12.3456", 3, "12.346"),
  ])
  func roundsHalfAwayFromZero(_ text: String, _ places: Int, _ expected: String) throws {
    #expect(try #require(DecimalNumber(parsing: text)).rounded(toPlaces: places).text == expected)
  }

  @Test func hugeExponentsAreClampedNotAllocated() throws {
    let number = try #require(DecimalNumber(parsing: "1e99999999999999999999999"))
    #expect(number.integerDigits.count <= 4097)
    let tiny = try #require(DecimalNumber(parsing: "1e-99999999999999999999999"))
    #expect(tiny.rounded(toPlaces: 2).text == "0.00")
  }
}
