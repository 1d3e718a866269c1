/// A run of the anti-poisoning walk through every cathode: which kind and when, in Unix
/// nanoseconds (start inclusive, end exclusive).
public struct AntiPoisoningRun: Hashable, Sendable {
  /// The short run of every hour or the long run of the night.
  public enum Kind: String, Hashable, Sendable {
    case short
    case long
  }

  public var kind: Kind
  public var start: Int64
  public var end: Int64

  public init(kind: Kind, start: Int64, end: Int64) {
    self.kind = kind
    self.start = start
    self.end = end
  }
}
