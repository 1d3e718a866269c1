import Glibc

/// How bright the tubes are in a room of a given illuminance: a few points, lux → percent,
/// and straight lines between them on a logarithmic lux axis (the eye judges light by ratios,
/// so 1 → 10 lux is as big a step as 100 → 1000). Below the first point the first point's
/// percent, above the last the last's.
///
/// Points are checked when made (`checked`): lux above 0 and increasing, percents 1 to 100
/// (darkness is a night's or an empty room's, not the curve's).
public struct LightCurve: Hashable, Sendable {
  /// One point: at `lux`, `percent` brightness.
  public struct Point: Hashable, Sendable {
    public var lux: Double
    public var percent: Int

    public init(lux: Double, percent: Int) {
      self.lux = lux
      self.percent = percent
    }
  }

  /// What is wrong with a list of points; `index` counts from 0.
  public enum Problem: Error, Hashable, Sendable {
    case tooFewPoints
    /// Not a number above 0 (a logarithmic axis has no 0), or not finite.
    case luxNotPositive(index: Int)
    /// Not above the point before it.
    case luxNotIncreasing(index: Int)
    case percentOutOfRange(index: Int)
  }

  public let points: [Point]

  private init(points: [Point]) { self.points = points }

  /// The percents a point may have.
  public static let percentRange = 1...100
  /// The most points a curve may have.
  public static let maximumPoints = 16

  /// A dark room (1 lux) 10 %, a lamp-lit evening (50 lux) 50 %, daylight indoors (500 lux
  /// and more) full brightness.
  public static let standard = LightCurve(points: [
    Point(lux: 1, percent: 10), Point(lux: 50, percent: 50), Point(lux: 500, percent: 100),
  ])

  /// `points` as a curve, or the first thing wrong with them.
  public static func checked(_ points: [Point]) -> Result<LightCurve, Problem> {
    guard (2...maximumPoints).contains(points.count) else { return .failure(.tooFewPoints) }
    for (index, point) in points.enumerated() {
      guard point.lux.isFinite, point.lux > 0 else { return .failure(.luxNotPositive(index: index)) }
      if index > 0, point.lux <= points[index - 1].lux { return .failure(.luxNotIncreasing(index: index)) }
      guard percentRange.contains(point.percent) else { return .failure(.percentOutOfRange(index: index)) }
    }
    return .success(LightCurve(points: points))
  }

  /// The brightness at `lux`, in percent (between the curve's lowest and highest point): a
  /// reading of 0 lux, or below the first point, is the first point's.
  public func percent(atLux lux: Double) -> Double {
    guard let first = points.first, let last = points.last else { return 100 }
    guard lux > first.lux else { return Double(first.percent) }
    guard lux < last.lux else { return Double(last.percent) }
    let upper = points.firstIndex { $0.lux >= lux } ?? points.count - 1
    let low = points[upper - 1]
    let high = points[upper]
    let fraction = (log10(lux) - log10(low.lux)) / (log10(high.lux) - log10(low.lux))
    return Double(low.percent) + fraction * Double(high.percent - low.percent)
  }
}
