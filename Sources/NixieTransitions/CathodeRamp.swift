/// One cathode's duty moving from one value to another over a span of time, along a curve.
public struct CathodeRamp: Hashable, Sendable {
  /// The cathode's index in its tube model.
  public let cathode: Int
  /// Whether it is a main cathode (digit or symbol), which takes turns with the tube's others.
  public let isMain: Bool
  public let start: UInt64
  public let end: UInt64
  public let curve: FadeCurve
  /// The duties at `start` and from `end` on.
  public let from: Double
  public let to: Double
  private let fromLevel: Double
  private let toLevel: Double

  public init(
    cathode: Int, isMain: Bool, from: Double, to: Double, start: UInt64, end: UInt64, curve: FadeCurve
  ) {
    self.cathode = cathode
    self.isMain = isMain
    self.from = from
    self.to = to
    self.start = start
    self.end = max(start, end)
    self.curve = curve
    fromLevel = curve.brightness(forDuty: from)
    toLevel = curve.brightness(forDuty: to)
  }

  /// The duty at `time`: `from` until `start`, `to` from `end`, the curve in between.
  public func duty(at time: UInt64) -> Double {
    if time <= start { return from }
    if time >= end { return to }
    let progress = Double(time - start) / Double(end - start)
    return curve.duty(forBrightness: fromLevel + (toLevel - fromLevel) * progress)
  }
}
