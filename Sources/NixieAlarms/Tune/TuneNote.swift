/// One note of a tune: a pitch held for a time, or a rest.
public struct TuneNote: Hashable, Sendable {
  /// The pitch in hertz (equal temperament, A4 = 440 Hz), or nil for a rest.
  public var hertz: Double?
  /// How long the note lasts, in nanoseconds.
  public var nanoseconds: UInt64

  public init(hertz: Double?, nanoseconds: UInt64) {
    self.hertz = hertz
    self.nanoseconds = nanoseconds
  }

  /// A rest of `nanoseconds`.
  public static func rest(_ nanoseconds: UInt64) -> TuneNote {
    TuneNote(hertz: nil, nanoseconds: nanoseconds)
  }
}
