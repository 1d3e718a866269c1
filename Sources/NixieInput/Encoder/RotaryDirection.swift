/// Which way the knob turned, as seen from the front: clockwise moves to the next value.
public enum RotaryDirection: Int8, Hashable, Sendable, CaseIterable {
  case counterclockwise = -1
  case clockwise = 1

  /// +1 for clockwise, −1 for counterclockwise.
  public var sign: Int { Int(rawValue) }

  public var reversed: RotaryDirection { self == .clockwise ? .counterclockwise : .clockwise }
}
