import Foundation
import NixieRoom
import Testing

/// The lux → percent curve: straight lines on a logarithmic lux axis between checked points.
struct LightCurveTests {
  static func curve(_ points: [(Double, Int)]) throws -> LightCurve {
    try LightCurve.checked(points.map { LightCurve.Point(lux: $0.0, percent: $0.1) }).get()
  }

  /// The standard curve (1 → 10, 50 → 50, 500 → 100) at readings across the range, against
  /// the same line computed here with Foundation's log10.
  static let standardTable: [(lux: Double, percent: Double)] = [
    (0, 10), (0.5, 10), (1, 10), (50, 50), (500, 100), (501, 100), (100_000, 100),
    (7.071_067_811_865_475, 10 + 40 * (log10(7.071_067_811_865_475) / log10(50))),
    (10, 10 + 40 * (1 / log10(50))), (100, 50 + 50 * (log10(2) / 1)), (158.113_883_008_418_97, 75),
  ]

  @Test(arguments: standardTable)
  func standardCurve(lux: Double, percent: Double) {
    #expect(abs(LightCurve.standard.percent(atLux: lux) - percent) < 1e-9)
  }

  /// Between two points the line is straight in log10(lux): each decade adds the same.
  @Test func equalRatiosAddEqualPercents() throws {
    let curve = try Self.curve([(1, 10), (10_000, 90)])
    for (lux, percent) in [(1.0, 10.0), (10, 30), (100, 50), (1000, 70), (10_000, 90)] {
      #expect(abs(curve.percent(atLux: lux) - percent) < 1e-9)
    }
  }

  /// A curve may fall as well as rise; every point's own lux gives its own percent.
  @Test func pointsAreHitExactly() throws {
    let curve = try Self.curve([(0.1, 5), (3, 40), (20, 30), (800, 100)])
    for point in curve.points {
      #expect(abs(curve.percent(atLux: point.lux) - Double(point.percent)) < 1e-9)
    }
  }

  static let problems: [([(Double, Int)], LightCurve.Problem)] = [
    ([], .tooFewPoints),
    ([(1, 10)], .tooFewPoints),
    (Array(repeating: (1, 10), count: 17), .tooFewPoints),
    ([(0, 10), (10, 20)], .luxNotPositive(index: 0)),
    ([(1, 10), (-5, 20)], .luxNotPositive(index: 1)),
    ([(1, 10), (.infinity, 20)], .luxNotPositive(index: 1)),
    ([(1, 10), (.nan, 20)], .luxNotPositive(index: 1)),
    ([(10, 10), (10, 20)], .luxNotIncreasing(index: 1)),
    ([(1, 10), (100, 20), (50, 30)], .luxNotIncreasing(index: 2)),
    ([(1, 0), (10, 20)], .percentOutOfRange(index: 0)),
    ([(1, 10), (10, 101)], .percentOutOfRange(index: 1)),
  ]

  @Test(arguments: problems)
  func refused(points: [(Double, Int)], problem: LightCurve.Problem) {
    let result = LightCurve.checked(points.map { LightCurve.Point(lux: $0.0, percent: $0.1) })
    #expect(throws: problem) { try result.get() }
  }

  /// The percent stays within the curve's own for any reading, nonsense included.
  @Test func staysWithinTheCurve() throws {
    let curve = try Self.curve([(2, 20), (40, 35), (300, 90)])
    for lux in [-1, 0, 1e-300, 1.999, 2.0001, 39.9, 299.9, 1e300, .infinity, .nan] as [Double] {
      let percent = curve.percent(atLux: lux)
      #expect(percent >= 20 && percent <= 90, "\(lux) lux gave \(percent)")
    }
  }
}
