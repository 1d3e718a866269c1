import NixieText
import Testing

/// Fixed decimals for reports, checked against a table worked out by hand.
struct DecimalTextTests {
  @Test(arguments: [
    (1.5, 2, "1.50"), (0.0, 1, "0.0"), (-0.04, 1, "0.0"), (-0.05, 1, "-0.1"), (2.345, 0, "2"),
    (2.5, 0, "3"), (1234.5678, 3, "1234.568"), (0.001, 3, "0.001"), (-12.0, 2, "-12.00"),
    (1e20, 2, "1e+20"), (9.5e15, 0, "9.5e+15"), (Double.nan, 1, "nan"), (-Double.infinity, 1, "-inf"),
    (0.1, 12, "0.100000000"),
  ])
  func aValueIsRoundedHalfAwayFromZero(_ value: Double, _ places: Int, _ expected: String) {
    #expect(DecimalText.text(value, places: places) == expected)
  }
}
