/// An SPI mode as the SPI literature numbers them: CPOL (the clock's idle level) and CPHA
/// (whether data is sampled on the first or the second edge after the clock leaves idle).
public struct SPIMode: Sendable, Equatable, CustomStringConvertible {
  /// 0, 1, 2 or 3.
  public let number: Int

  /// Mode 0: clock idles low, sampled on the rising edge (exixe).
  public static let mode0 = SPIMode(checked: 0)
  /// Mode 1: clock idles low, sampled on the falling edge.
  public static let mode1 = SPIMode(checked: 1)
  /// Mode 2: clock idles high, sampled on the falling edge (NCS314 HW 2.x, NCM109).
  public static let mode2 = SPIMode(checked: 2)
  /// Mode 3: clock idles high, sampled on the rising edge (NCS314 HW 3.x).
  public static let mode3 = SPIMode(checked: 3)

  private init(checked number: Int) { self.number = number }

  /// The mode `number`, or nil outside 0–3.
  public init?(_ number: Int) {
    guard (0...3).contains(number) else { return nil }
    self.number = number
  }

  /// CPOL: the level of the clock between transfers.
  public var clockIdlesHigh: Bool { number >= 2 }

  /// The edge on which the receiver samples data: the first edge out of idle when CPHA is 0,
  /// the second when it is 1.
  public var samplingEdge: ClockEdge {
    let firstEdge: ClockEdge = clockIdlesHigh ? .falling : .rising
    let samplesOnFirst = number == 0 || number == 2
    switch (firstEdge, samplesOnFirst) {
    case (.rising, true), (.falling, false): return .rising
    case (.falling, true), (.rising, false): return .falling
    }
  }

  public var description: String { "mode \(number)" }
}
