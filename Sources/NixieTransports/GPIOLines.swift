import NixieBoardModel

/// The host's GPIO output lines as a driver sees them: one call is one multi-line write.
///
/// The libgpiod transport implements it on a real gpiochip, the simulator on a model of one.
/// Levels are physical (what the pin does); a driver applies the board's inversion first.
public protocol GPIOLines: AnyObject {
  /// Sets every line in `lines` to its level in `levels` (set bit = high), in one write.
  func set(_ lines: LineSet, to levels: LineSet) throws
}
