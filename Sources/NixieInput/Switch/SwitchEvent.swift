/// What a debounced push switch did, and when.
public struct SwitchEvent: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable {
    /// The switch went down (after debouncing).
    case pressed
    /// The switch came up (after debouncing).
    case released
    /// Released before the long-press threshold: follows `released` at the same instant.
    case shortPress = "short-press"
    /// Held past the long-press threshold: fires once, while still held.
    case longPress = "long-press"
    /// Still held, at the hold-repeat rate.
    case `repeat`
  }

  public var kind: Kind
  /// When it was known, ns: a debounced edge is known `debounce` after the contact settled.
  public var time: UInt64

  public init(_ kind: Kind, at time: UInt64) {
    self.kind = kind
    self.time = time
  }

  public var description: String { "\(kind.rawValue)@\(time)" }
}
