/// How the display changes from one state to the next: the effect, how long it takes, the curve.
public struct TransitionSpec: Hashable, Sendable {
  /// The effect.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// The new state appears at once.
    case none
    /// Each changing position dissolves from the old cathodes into the new ones.
    case crossfade
    /// The old cathodes fade out in the first half, then the new ones fade in.
    case fade
    /// The slot machine: each changing tube runs through its cathodes in depth order, then
    /// lands, each tube a little after its left neighbour. Separators cross-fade.
    case slot
  }

  public var kind: Kind
  /// Nanoseconds: the whole fade, or for `slot` one full turn through a tube's cathodes.
  public var duration: UInt64
  public var curve: FadeCurve

  public init(
    _ kind: Kind, duration: UInt64 = UInt64(TransitionSpec.defaultFadeMilliseconds) * 1_000_000,
    curve: FadeCurve = .perceptual
  ) {
    self.kind = kind
    self.duration = duration
    self.curve = curve
  }

  /// The default fade, in milliseconds (`--fade-ms`, the configuration's `fade-ms`).
  public static let defaultFadeMilliseconds = 500
  /// The longest fade anyone may ask for, in milliseconds: a minute.
  public static let longestFadeMilliseconds = 60_000

  /// The new state at once.
  public static let none = TransitionSpec(.none, duration: 0)
  /// The default: a 500 ms perceptual cross-fade.
  public static let crossfade = TransitionSpec(.crossfade)
}
