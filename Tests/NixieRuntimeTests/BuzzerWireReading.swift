import NixieWireDecoders

/// The buzzer's wire read back from a trace, knowing only which level sounds it: for a passive
/// buzzer the notes of its square wave (pitch from the rising edges, start at the first rising
/// edge, end at the last falling one); for an active one the stretches it was on. Times in
/// milliseconds from `origin`.
struct BuzzerWireReading {
  /// A stretch of sound read off the wire.
  struct Sound {
    var hertz: Double?
    var start: Double
    var end: Double
  }

  /// The pulses (active → inactive) of the `buzzer` wire, in nanoseconds.
  let pulses: [(rise: Double, fall: Double)]

  init(trace: LogicTrace, activeHigh: Bool, origin: UInt64) throws {
    let wire = try trace.wire(WireNames.buzzer)
    var pulses: [(Double, Double)] = []
    var rise: Double?
    for change in trace.changes where change.wire == wire && !change.inSnapshot {
      guard let level = change.level else { continue }
      let time = Double(change.time) - Double(origin)
      if level == activeHigh {
        rise = time
      } else if let start = rise {
        pulses.append((start, time))
        rise = nil
      }
    }
    self.pulses = pulses
  }

  /// The stretches the line was active: an active buzzer's sounds.
  var stretches: [Sound] { pulses.map { Sound(hertz: nil, start: $0.rise / 1e6, end: $0.fall / 1e6) } }

  /// The square wave's notes: a pulse belongs to the note before it when it rises one period
  /// (twice the note's first pulse's width, within 3 %) after the last; a pulse narrower than
  /// the note's is a last half cut short, and ends the note.
  var notes: [Sound] {
    var notes: [Sound] = []
    var index = 0
    while index < pulses.count {
      let width = pulses[index].fall - pulses[index].rise
      var rises = [pulses[index].rise]
      var end = pulses[index].fall
      index += 1
      while index < pulses.count {
        let pulse = pulses[index]
        guard let last = rises.last, abs(pulse.rise - last - 2 * width) <= 0.06 * width else { break }
        rises.append(pulse.rise)
        end = pulse.fall
        index += 1
        if abs(pulse.fall - pulse.rise - width) > 0.03 * width { break }
      }
      let period = rises.count > 1 ? (rises[rises.count - 1] - rises[0]) / Double(rises.count - 1) : 2 * width
      notes.append(Sound(hertz: 1e9 / period, start: rises[0] / 1e6, end: end / 1e6))
    }
    return notes
  }
}
