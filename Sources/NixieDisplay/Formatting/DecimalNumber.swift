/// A decimal number kept as its digits, so formatting never goes through binary floating point.
///
/// It recognises what `nixie show` calls a number: an optional sign, digits with an optional
/// fraction, and an optional exponent (`-12`, `1.50`, `.5`, `1e3`, `2.5E-3`).
struct DecimalNumber: Hashable {
  var negative: Bool
  /// Digits left of the point, most significant first (empty for `.5`).
  var integerDigits: [UInt8]
  /// Digits right of the point.
  var fractionDigits: [UInt8]
  /// Whether a point is shown (kept for `5.`, set for `--decimals` above 0).
  var hasPoint: Bool

  /// Exponents beyond this make numbers far longer than any display; they are clamped so a
  /// hostile `1e999999999` costs a few kilobytes, not gigabytes, before it fails as too long.
  private static let exponentLimit = 4096

  /// Parses `text` as a number, or returns nil when it is not one (then it is a string).
  init?(parsing text: String) {
    var scalars = Substring(text).unicodeScalars[...]
    var negative = false
    if let sign = scalars.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      scalars = scalars.dropFirst()
    }
    var integer: [UInt8] = []
    var fraction: [UInt8] = []
    var hasPoint = false
    while let scalar = scalars.first, let digit = Self.digit(scalar) {
      integer.append(digit)
      scalars = scalars.dropFirst()
    }
    if scalars.first == "." {
      hasPoint = true
      scalars = scalars.dropFirst()
      while let scalar = scalars.first, let digit = Self.digit(scalar) {
        fraction.append(digit)
        scalars = scalars.dropFirst()
      }
    }
    guard !integer.isEmpty || !fraction.isEmpty else { return nil }
    var exponent: Int?
    if let e = scalars.first, e == "e" || e == "E" {
      scalars = scalars.dropFirst()
      var exponentNegative = false
      if let sign = scalars.first, sign == "-" || sign == "+" {
        exponentNegative = sign == "-"
        scalars = scalars.dropFirst()
      }
      var magnitude = 0
      var sawDigit = false
      while let scalar = scalars.first, let digit = Self.digit(scalar) {
        sawDigit = true
        magnitude = min(magnitude * 10 + Int(digit), Self.exponentLimit)
        scalars = scalars.dropFirst()
      }
      guard sawDigit else { return nil }
      exponent = exponentNegative ? -magnitude : magnitude
    }
    guard scalars.isEmpty else { return nil }
    self.negative = negative
    self.integerDigits = integer
    self.fractionDigits = fraction
    self.hasPoint = hasPoint
    if let exponent { shiftPoint(by: exponent) }
  }

  private static func digit(_ scalar: Unicode.Scalar) -> UInt8? {
    guard scalar.value >= 48 && scalar.value <= 57 else { return nil }
    return UInt8(scalar.value - 48)
  }

  /// Moves the point `exponent` places to the right and writes the result without exponent,
  /// with no superfluous leading zeros (`1.50e1` is `15.0`, `25e-3` is `0.025`).
  private mutating func shiftPoint(by exponent: Int) {
    let digits = integerDigits + fractionDigits
    let point = integerDigits.count + exponent
    if point <= 0 {
      integerDigits = [0]
      fractionDigits = Array(repeating: 0, count: -point) + digits
    } else if point >= digits.count {
      integerDigits = digits + Array(repeating: 0, count: point - digits.count)
      fractionDigits = []
    } else {
      integerDigits = Array(digits[..<point])
      fractionDigits = Array(digits[point...])
    }
    while integerDigits.count > 1 && integerDigits[0] == 0 { integerDigits.removeFirst() }
    hasPoint = !fractionDigits.isEmpty
  }

  /// The number rounded to `places` decimals, half away from zero; zero loses its sign.
  func rounded(toPlaces places: Int) -> DecimalNumber {
    var result = self
    var integer = integerDigits.isEmpty ? [0] : integerDigits
    var fraction = fractionDigits
    var roundUp = false
    if fraction.count > places {
      roundUp = fraction[places] >= 5
      fraction.removeLast(fraction.count - places)
    } else {
      fraction += Array(repeating: 0, count: places - fraction.count)
    }
    if roundUp {
      var digits = integer + fraction
      var index = digits.count - 1
      while index >= 0 {
        if digits[index] == 9 {
          digits[index] = 0
          index -= 1
        } else {
          digits[index] += 1
          break
        }
      }
      if index < 0 { digits.insert(1, at: 0) }
      integer = Array(digits[..<(digits.count - places)])
      fraction = Array(digits[(digits.count - places)...])
    }
    result.integerDigits = integer
    result.fractionDigits = fraction
    result.hasPoint = places > 0
    if result.isZero { result.negative = false }
    return result
  }

  var isZero: Bool { (integerDigits + fractionDigits).allSatisfy { $0 == 0 } }

  /// The number as plain text: sign, digits, point, digits.
  var text: String { text(grouped: false) }

  /// The number as plain text; `grouped` puts a space between groups of three digits counted
  /// from the point, to the left and to the right, as ISO 80000-1 writes numbers: `-12 345`,
  /// `1 234.5`, `0.123 45`.
  func text(grouped: Bool) -> String {
    let integer = integerDigits.map(String.init)
    let fraction = fractionDigits.map(String.init)
    var text = negative ? "-" : ""
    for (index, digit) in integer.enumerated() {
      if grouped && index > 0 && (integer.count - index) % 3 == 0 { text += " " }
      text += digit
    }
    if hasPoint { text += "." }
    for (index, digit) in fraction.enumerated() {
      if grouped && index > 0 && index % 3 == 0 { text += " " }
      text += digit
    }
    return text
  }
}
