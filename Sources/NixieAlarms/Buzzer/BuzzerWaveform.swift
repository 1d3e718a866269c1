/// What a buzzer's line does for a tune: its level changes, each at its time from the tune's
/// start, computed one at a time as `BuzzerPlayer` needs them (nothing is allocated per note).
///
/// - A square wave (`squareWave`, a passive buzzer's piezo): each note is a 50 % square wave at
///   its pitch for its length. Each cycle is an inactive half then an active half, so the first
///   edge of a note comes half a period after its start and never at the instant the note
///   before it ended; an active half cut short by the note's end ends there. A rest leaves the
///   line inactive.
/// - On and off (an active buzzer, which has its own pitch): the line is active for each note
///   and inactive for each rest; notes that follow each other without a rest are one stretch
///   of active line (the buzzer cannot tell them apart).
///
/// Edge times are computed from each note's start, so no rounding adds up over a tune; the line
/// is inactive at the tune's end. `activeHigh` says which level sounds the buzzer.
public struct BuzzerWaveform: Sequence, Sendable {
  /// The line going to a level at a time from the tune's start.
  public struct Edge: Hashable, Sendable {
    /// Nanoseconds from the tune's start.
    public var at: UInt64
    /// The physical level from then on.
    public var high: Bool

    public init(at: UInt64, high: Bool) {
      self.at = at
      self.high = high
    }
  }

  public let tune: Tune
  public let squareWave: Bool
  public let activeHigh: Bool

  public init(tune: Tune, squareWave: Bool, activeHigh: Bool) {
    self.tune = tune
    self.squareWave = squareWave
    self.activeHigh = activeHigh
  }

  /// The level the line rests at: inactive.
  public var restingHigh: Bool { !activeHigh }

  /// How long one play lasts, in nanoseconds.
  public var nanoseconds: UInt64 { tune.nanoseconds }

  public func makeIterator() -> Cursor { Cursor(self) }

  /// Walks the edges of one play, in order of time.
  public struct Cursor: IteratorProtocol, Sendable {
    private let waveform: BuzzerWaveform
    /// The note being walked and when it began.
    private var note = 0
    private var noteStart: UInt64 = 0
    /// Edges given so far within the note (square wave).
    private var edge: UInt64 = 0
    /// Whether the line is active now.
    private var active = false

    init(_ waveform: BuzzerWaveform) { self.waveform = waveform }

    public mutating func next() -> Edge? {
      waveform.squareWave ? nextSquare() : nextOnOff()
    }

    private func level(active: Bool) -> Bool { active == waveform.activeHigh }

    private mutating func nextSquare() -> Edge? {
      let notes = waveform.tune.notes
      while note < notes.count {
        let current = notes[note]
        let end = noteStart &+ current.nanoseconds
        if let hertz = current.hertz, hertz.isFinite, hertz >= 1 {
          // Half a period in nanoseconds; edge k is k + 1 halves after the note's start.
          let half = 500_000_000 / hertz
          let offset = (Double(edge &+ 1) * half).rounded()
          let time = offset < Double(current.nanoseconds) ? noteStart &+ UInt64(offset) : end
          if active || time < end {
            active.toggle()
            edge &+= 1
            return Edge(at: time, high: level(active: active))
          }
        }
        note += 1
        noteStart = end
        edge = 0
      }
      return nil
    }

    private mutating func nextOnOff() -> Edge? {
      let notes = waveform.tune.notes
      while note < notes.count {
        let sounds = notes[note].hertz != nil
        let start = noteStart
        noteStart = noteStart &+ notes[note].nanoseconds
        note += 1
        if sounds != active {
          active = sounds
          return Edge(at: start, high: level(active: active))
        }
      }
      guard active else { return nil }
      active = false
      return Edge(at: noteStart, high: level(active: false))
    }
  }
}
