import NixieAlarms

/// What `BuzzerPlayer`'s thread does for one play of a tune, in order of time: each level of
/// the buzzer's line (`BuzzerWaveform`) when it toggles the line, or each note's pitch and the
/// silence after the tune when a `ToneOutput` makes the wave.
struct BuzzerSteps: IteratorProtocol {
  /// One thing to do, at its time from the tune's start.
  enum Step {
    /// The line to this physical level.
    case level(Bool)
    /// The tone output to this pitch, or silent (nil).
    case tone(Double?)
  }

  private var edges: BuzzerWaveform.Cursor?
  private let notes: [TuneNote]
  private var note = 0
  private var start: UInt64 = 0
  private var sounding: Double?
  private var ended = false

  /// The edges of `waveform` on the line, or (`tone`) its notes for a tone output.
  init(_ waveform: BuzzerWaveform, tone: Bool) {
    edges = tone ? nil : waveform.makeIterator()
    notes = tone ? waveform.tune.notes : []
  }

  mutating func next() -> (at: UInt64, step: Step)? {
    if edges != nil { return edges?.next().map { ($0.at, .level($0.high)) } }
    while note < notes.count {
      let current = notes[note]
      let at = start
      start &+= current.nanoseconds
      note += 1
      if current.hertz != sounding || current.hertz != nil {
        sounding = current.hertz
        return (at, .tone(current.hertz))
      }
    }
    guard !ended, sounding != nil else { return nil }
    ended = true
    sounding = nil
    return (start, .tone(nil))
  }
}
