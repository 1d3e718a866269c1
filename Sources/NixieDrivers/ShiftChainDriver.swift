import NixieBoardModel
import NixieDisplay

/// What the two shift-chain drivers (`ShiftChainBitBangDriver`, `ShiftChainSPIDriver`) do alike
/// around a frame, written once: a dark frame turns the blanking line off instead of going out,
/// when the board wires one; any other frame goes onto the latches, then the blanking line on.
/// How a frame reaches the latches, and what blanking does besides, stays each driver's.
protocol ShiftChainDriver: DisplayDriver {
  var wiring: ShiftChainWiring { get }
  var map: OutputMap { get }
  /// The frame being written, encoded.
  var scratch: OutputBits { get set }
  /// Turns the blanking line off (tubes dark) or on; nothing on a board without one.
  func setBlanked(_ blank: Bool) throws
  /// Puts `scratch` onto the chain's latches: a frame that the blanking line does not stand for.
  func latchScratch() throws
}

extension ShiftChainDriver {
  /// Shows `frame`: the blanking line off for a dark one where the board has that line, else
  /// the frame latched and the line on.
  func show(_ frame: DisplayState) throws {
    map.encode(frame, into: &scratch)
    if wiring.blanking != nil && scratch.isAllOff {
      try setBlanked(true)
      return
    }
    try latchScratch()
    try setBlanked(false)
  }

  /// Darkens the tubes: the blanking line off, or a dark frame on a board without one.
  func darken() throws {
    if wiring.blanking != nil {
      try setBlanked(true)
    } else {
      try show(DisplayState(lit: Array(repeating: .none, count: map.positions.count)))
    }
  }
}
