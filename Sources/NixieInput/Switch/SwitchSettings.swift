/// How a push switch is wired and read: polarity, debounce and the press gestures' timing.
public struct SwitchSettings: Hashable, Sendable {
  /// Repeated events while the switch is held, as a keyboard repeats a key.
  public struct Repeat: Hashable, Sendable {
    /// From the press to the first repeat, ns.
    public var delay: UInt64
    /// Between repeats, ns.
    public var interval: UInt64

    public init(delay: UInt64, interval: UInt64) {
      self.delay = delay
      self.interval = max(interval, 1)
    }
  }

  /// The contact closes to ground (pull-up on): low means pressed.
  public var activeLow: Bool
  /// A level counts once it has held this long, ns (default 5 ms).
  public var debounce: UInt64
  /// Holding this long is a long press, ns (default 1 s); nil: no long press.
  public var longPress: UInt64?
  /// Hold-repeat, off by default.
  public var repeating: Repeat?

  public init(
    activeLow: Bool = true, debounce: UInt64 = 5_000_000, longPress: UInt64? = 1_000_000_000,
    repeating: Repeat? = nil
  ) {
    self.activeLow = activeLow
    self.debounce = debounce
    self.longPress = longPress
    self.repeating = repeating
  }
}
