/// A run of the anti-poisoning slot machine through every cathode: which kind, when, in Unix
/// nanoseconds (start inclusive, end exclusive), and how long each cathode glows.
public struct AntiPoisoningRun: Hashable, Sendable {
  /// The short run of every hour, the long run of the night, or one asked for.
  public enum Kind: String, Hashable, Sendable {
    case short
    case long
    /// Asked for over the control socket (`nixie web`'s "run anti-poisoning now").
    case requested
  }

  public var kind: Kind
  public var start: Int64
  public var end: Int64
  /// How long each cathode glows on its turn, in nanoseconds.
  public var step: Int64
  /// How the run shares its time among the cathodes.
  public var mode: AntiPoisoningMode

  public init(
    kind: Kind, start: Int64, end: Int64, step: Int64 = 100_000_000, mode: AntiPoisoningMode = .aimed
  ) {
    self.kind = kind
    self.start = start
    self.end = end
    self.step = step
    self.mode = mode
  }
}
