/// Numbers written with a fixed number of decimal places, for reports (`nixie bench`), without
/// the C library's printf.
public enum DecimalText {
  /// `value` rounded half away from zero to `places` decimals (0…9): `1.5` with 2 places is
  /// `1.50`. Not-a-number and infinities are written `nan`, `inf`, `-inf`; magnitudes past
  /// 9·10^15 are written as Swift writes a `Double` (`1e+20`).
  public static func text(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
    let places = min(max(places, 0), 9)
    var scale: Double = 1
    for _ in 0..<places { scale *= 10 }
    let magnitude = abs(value)
    guard magnitude * scale < 9e15 else { return String(value) }
    let scaled = UInt64((magnitude * scale).rounded(.toNearestOrAwayFromZero))
    let whole = scaled / UInt64(scale)
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard places > 0 else { return sign + String(whole) }
    let fraction = String(scaled % UInt64(scale))
    return sign + String(whole) + "." + String(repeating: "0", count: places - fraction.count) + fraction
  }
}
