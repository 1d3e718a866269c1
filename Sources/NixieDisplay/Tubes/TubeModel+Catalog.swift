/// The tubes and separators of docs/HARDWARE.md, as data.
extension TubeModel {
  /// Every model a board profile can name.
  public static let catalog: [TubeModel] = [in14, in12A, in12B, in8_2, in18, in15A, in15B, ins1]

  /// The model called `name`, ignoring case and a missing hyphen (`in14` finds IN-14).
  public static func named(_ name: String) -> TubeModel? {
    let key = normalized(name)
    return catalog.first { normalized($0.name) == key }
  }

  private static func normalized(_ name: String) -> String {
    String(name.lowercased().filter { $0 != "-" && $0 != " " && $0 != "_" })
  }

  private static let digits = (0...9).map { Cathode.digit($0) }
  private static let digitSpellings = Dictionary(uniqueKeysWithValues: digits.map { ($0.name, $0) })
  /// Stacking order of IN-12 digits, back to front (docs/HARDWARE.md).
  private static let in12Depth = [1, 6, 2, 7, 5, 0, 4, 9, 8, 3].map { Cathode.digit($0) }

  /// IN-14: digits with a left and a right decimal point. Its stacking order is not
  /// confirmed; numeric order stands in until a board measures it.
  public static let in14 = TubeModel(
    name: "IN-14", kind: .tube, cathodes: digits + [.leftDecimalPoint, .rightDecimalPoint],
    requiredCathodes: digits, spellings: digitSpellings,
    pointBefore: .leftDecimalPoint, pointAfter: .rightDecimalPoint, depthOrder: digits)

  /// IN-12A: digits only.
  public static let in12A = TubeModel(
    name: "IN-12A", kind: .tube, cathodes: digits, requiredCathodes: digits,
    spellings: digitSpellings, depthOrder: in12Depth)

  /// IN-12B: digits and a decimal point at the lower left, lit for a `.` before the digit.
  public static let in12B = TubeModel(
    name: "IN-12B", kind: .tube, cathodes: digits + [.decimalPoint], requiredCathodes: digits,
    spellings: digitSpellings, pointBefore: .decimalPoint, depthOrder: in12Depth)

  /// IN-8-2: digits and an optional decimal point (its side is not confirmed: assumed right).
  public static let in8_2 = TubeModel(
    name: "IN-8-2", kind: .tube, cathodes: digits + [.decimalPoint], requiredCathodes: digits,
    spellings: digitSpellings, pointAfter: .decimalPoint, depthOrder: digits)

  /// IN-18: digits and an optional decimal point (not confirmed: wire it only if present).
  public static let in18 = TubeModel(
    name: "IN-18", kind: .tube, cathodes: digits + [.decimalPoint], requiredCathodes: digits,
    spellings: digitSpellings, pointAfter: .decimalPoint, depthOrder: digits)

  /// IN-15A: the symbols µ P − + m M K П % n.
  public static let in15A = symbolTube(
    name: "IN-15A",
    symbols: [
      ("µ", ["µ", "μ"]), ("P", ["P"]), ("-", ["-", "−"]), ("+", ["+"]), ("m", ["m"]),
      ("M", ["M"]), ("K", ["K"]), ("П", ["П", "Π"]), ("%", ["%"]), ("n", ["n"]),
    ])

  /// IN-15B: the symbols W F Hz H V S Ω A.
  public static let in15B = symbolTube(
    name: "IN-15B",
    symbols: [
      ("W", ["W"]), ("F", ["F"]), ("Hz", ["Hz", "㎐"]), ("H", ["H"]), ("V", ["V"]),
      ("S", ["S"]), ("Ω", ["Ω", "Ω"]), ("A", ["A"]),
    ])

  /// A separator position: one or two INS-1 neon dots, upper and lower (a pair is a colon).
  public static let ins1 = TubeModel(
    name: "INS-1", kind: .separator, cathodes: [.upperDot, .lowerDot], requiredCathodes: [],
    spellings: [:], depthOrder: [])

  private static func symbolTube(name: String, symbols: [(String, [String])]) -> TubeModel {
    let cathodes = symbols.map { Cathode.symbol($0.0) }
    var spellings: [String: Cathode] = [:]
    for (symbol, inputs) in symbols {
      for input in inputs { spellings[input] = .symbol(symbol) }
    }
    return TubeModel(
      name: name, kind: .tube, cathodes: cathodes, requiredCathodes: cathodes,
      spellings: spellings, depthOrder: cathodes)
  }
}
