/// A tune the buzzer plays: its name and notes, as RTTTL describes them (`RTTTLParser`) or one
/// of the built-in tunes (`BuiltInTunes`).
public struct Tune: Hashable, Sendable {
  /// The name from the RTTTL text (before the first colon); may be empty.
  public var name: String
  public var notes: [TuneNote]

  public init(name: String, notes: [TuneNote]) {
    self.name = name
    self.notes = notes
  }

  /// How long one play of the tune lasts, in nanoseconds (at most `RTTTLParser.longestTune`
  /// for a parsed tune, so the sum cannot overflow).
  public var nanoseconds: UInt64 { notes.reduce(0) { $0 &+ $1.nanoseconds } }

  /// The note sounding `nanoseconds` after the tune began, with the time left of it; nil once
  /// the tune has ended. A time at a note's end is the next note's start.
  public func note(at nanoseconds: UInt64) -> (note: TuneNote, left: UInt64)? {
    var start: UInt64 = 0
    for note in notes {
      let end = start &+ note.nanoseconds
      if nanoseconds < end { return (note, end - nanoseconds) }
      start = end
    }
    return nil
  }
}
