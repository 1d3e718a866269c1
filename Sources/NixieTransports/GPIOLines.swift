import NixieBoardModel

/// The host's GPIO output lines as a driver sees them: one call is one multi-line write, or a
/// sequence of them.
///
/// The libgpiod transport implements it on a real gpiochip, the simulator on a model of one.
/// Levels are physical (what the pin does); a driver applies the board's inversion first.
public protocol GPIOLines: AnyObject {
  /// Sets every line in `lines` to its level in `levels` (set bit = high), in one write.
  func set(_ lines: LineSet, to levels: LineSet) throws

  /// Makes `writes` in order, each one multi-line write as `set(_:to:)` makes it, and stops at
  /// the first that fails. A bit-banged frame is one such call (two writes a bit), so the
  /// libgpiod transport makes its writes in a loop of its own, without a call through this
  /// protocol for each. The default makes them one `set(_:to:)` at a time.
  func set(_ writes: [LineWrite]) throws
}

extension GPIOLines {
  public func set(_ writes: [LineWrite]) throws {
    for write in writes { try set(write.lines, to: write.levels) }
  }
}
