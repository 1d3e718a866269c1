/// Tells a light sensor's readings that make sense from nonsense: negative, not a number,
/// infinite, brighter than the sun, or stuck.
///
/// Stuck means the same reading, above 0 lux, for `stuckAfter` (an hour). A working sensor
/// in a lit room never does that: its last digit wanders with the light's flicker, the
/// sensor's noise and the photons' own count, and an hour is long enough that even a steady
/// lamp in a windowless room shows it. A dead chip, a driver that hands back a cached value,
/// or a bus that returns the same bytes does. A reading of 0 is exempt: a dark room reads 0
/// all night, which is right. (A steady reading at a low level for an hour would be taken
/// for stuck too; the cost is the fixed brightness until the reading moves again.)
public struct LightReadingCheck: Hashable, Sendable {
  /// Why a reading was refused.
  public enum Problem: Hashable, Sendable, CustomStringConvertible {
    case negative(Double)
    case notANumber
    case infinite
    /// More than `brightest` lux.
    case implausible(Double)
    /// The same reading since the first of them (nanoseconds on the checker's timeline).
    case stuck(lux: Double, seconds: Int64)

    public var description: String {
      switch self {
      case .negative(let lux): "reads \(LuxText.text(lux)) lux, below 0"
      case .notANumber: "reads no number"
      case .infinite: "reads an infinite value"
      case .implausible(let lux): "reads \(LuxText.text(lux)) lux, brighter than the sun"
      case .stuck(let lux, let seconds):
        "has read \(LuxText.text(lux)) lux without change for \(seconds / 60) minutes (stuck)"
      }
    }
  }

  /// Direct sunlight is about 100 000 lux; a reading above this is not light.
  public static let brightest = 200_000.0
  /// How long a reading above 0 may stay exactly the same.
  public static let stuckAfter: Int64 = 3_600_000_000_000

  /// The last reading, and since when it has not changed.
  private var last: Double?
  private var since: Int64 = 0

  public init() {}

  /// Checks `lux`, read at `time`: nil when it makes sense, else what is wrong with it.
  public mutating func check(_ lux: Double, at time: Int64) -> Problem? {
    guard !lux.isNaN else {
      last = nil
      return .notANumber
    }
    guard lux.isFinite else {
      last = nil
      return .infinite
    }
    guard lux >= 0 else {
      last = nil
      return .negative(lux)
    }
    guard lux <= Self.brightest else {
      last = nil
      return .implausible(lux)
    }
    guard last == lux, lux > 0 else {
      last = lux
      since = time
      return nil
    }
    let held = time - since
    guard held >= Self.stuckAfter else { return nil }
    return .stuck(lux: lux, seconds: held / 1_000_000_000)
  }

  /// Forgets the history (the sensor was lost: a new one starts afresh).
  public mutating func reset() { last = nil }
}

/// Lux as nixie writes it in messages and in the state: at most two decimals, no trailing
/// zeros (`0.25`, `120`, `1234.5`).
public enum LuxText {
  public static func text(_ lux: Double) -> String {
    guard lux.isFinite else { return lux.isNaN ? "NaN" : (lux < 0 ? "-inf" : "inf") }
    guard abs(lux) < 1e12 else { return lux < 0 ? "-1e12" : "1e12" }
    let hundredths = Int64((abs(lux) * 100).rounded())
    var text = String(hundredths / 100)
    let fraction = hundredths % 100
    if fraction != 0 {
      text += "." + (fraction < 10 ? "0" : "") + String(fraction)
      while text.hasSuffix("0") { text.removeLast() }
    }
    return (lux < 0 && hundredths != 0 ? "-" : "") + text
  }
}
