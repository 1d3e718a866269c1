import NixieBoardModel
import NixieDisplay
import NixieTransitions

/// Puts frames on the tubes. Drivers only push: the layer above owns content and timing.
///
/// `write` skips a frame equal to the one on the tubes, so callers may repeat themselves.
public protocol DisplayDriver: AnyObject {
  /// Brings the chips to a known, dark state; call once before the first write.
  func start() throws
  /// Shows `frame` (lit cathodes per display position) until the next write.
  func write(_ frame: DisplayState) throws
  /// Shows every cathode at its duty (0…1), for chips that dim each output themselves (exixe
  /// modules, `DisplayPacing.levels`). Other drivers light the cathodes at half duty or more.
  func write(duties: CathodeDuties) throws
  /// Sets the backlight that the chips themselves drive (exixe's LEDs), each colour 0…1.
  /// Drivers of chips without one ignore it.
  func setBacklight(_ color: BacklightColor) throws
  /// Turns every tube off and leaves the lines in a safe, idle state. The driver may be
  /// written to again afterwards.
  func blank() throws
}

extension DisplayDriver {
  /// Drivers with nothing to bring up start by doing nothing.
  public func start() throws {}

  /// On/off chips: a cathode at half duty or more is lit.
  public func write(duties: CathodeDuties) throws {
    try write(
      DisplayState(
        lit: duties.duties.map { cathodes in
          var lit = CathodeSet.none
          for (cathode, duty) in cathodes.enumerated() where duty >= 0.5 { lit.insert(cathode) }
          return lit
        }))
  }

  /// No backlight of the chips' own.
  public func setBacklight(_ color: BacklightColor) throws {}
}
