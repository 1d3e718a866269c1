import NixieDisplay

/// Layouts built in code for the pipeline's tests (the YAML profiles are tested elsewhere).
public enum TestLayouts {
  public static func tube(_ model: TubeModel, _ name: String, wiring cathodes: [Cathode]) -> DisplayPosition {
    var wired = CathodeSet.none
    for cathode in cathodes { wired.insert(model.index(of: cathode)!) }
    return DisplayPosition(name: name, model: model, wired: wired)
  }

  public static let digits = (0...9).map { Cathode.digit($0) }

  public static func colon(_ name: String) -> DisplayPosition {
    tube(.ins1, name, wiring: [.upperDot, .lowerDot])
  }

  /// Reference board 1: tube tube colon tube tube colon tube tube, IN-14 digits only.
  public static let reference = DisplayLayout(positions: [
    tube(.in14, "tube 1", wiring: digits), tube(.in14, "tube 2", wiring: digits), colon("colon 1"),
    tube(.in14, "tube 3", wiring: digits), tube(.in14, "tube 4", wiring: digits), colon("colon 2"),
    tube(.in14, "tube 5", wiring: digits), tube(.in14, "tube 6", wiring: digits),
  ])

  /// Four IN-14 with both decimal points wired, no separators.
  public static let in14Points = DisplayLayout(
    positions: (1...4).map {
      tube(.in14, "tube \($0)", wiring: digits + [.leftDecimalPoint, .rightDecimalPoint])
    })

  /// Four IN-12B with their lower-left point wired.
  public static let in12B = DisplayLayout(
    positions: (1...4).map {
      tube(.in12B, "tube \($0)", wiring: digits + [.decimalPoint])
    })

  /// An IN-15A sign tube, then four IN-14.
  public static let signed = DisplayLayout(
    positions: [tube(.in15A, "sign", wiring: TubeModel.in15A.cathodes)]
      + (1...4).map { tube(.in14, "tube \($0)", wiring: digits) })

  /// Three IN-14 and an IN-15B unit tube on the right.
  public static let withUnit = DisplayLayout(
    positions: (1...3).map { tube(.in14, "tube \($0)", wiring: digits) }
      + [tube(.in15B, "unit", wiring: TubeModel.in15B.cathodes)])

  /// A separator with only its lower dot wired, between two IN-12A.
  public static let lowerDotOnly = DisplayLayout(positions: [
    tube(.in12A, "tube 1", wiring: digits), tube(.ins1, "dot", wiring: [.lowerDot]),
    tube(.in12A, "tube 2", wiring: digits),
  ])
}
