import NixieDisplay
import NixieTransitions

/// Plays a frame pacer on a virtual clock, as the scheduler thread would, and keeps what it
/// wrote: each frame with the time it was written.
struct Playback {
  struct Write: Equatable {
    var time: UInt64
    var frame: DisplayState
  }

  var pacer: FramePacer
  var now: UInt64
  var writes: [Write] = []
  /// What the tubes showed before the first write.
  let initial: DisplayState

  init(
    layout: DisplayLayout, settings: PWMSettings = PWMSettings(), showing state: DisplayState? = nil,
    now: UInt64 = 0
  ) {
    pacer = FramePacer(layout: layout, settings: settings, showing: state)
    initial = state ?? layout.blank
    self.now = now
  }

  /// Steps until the pacer idles or the next deadline is at or after `limit`.
  mutating func run(until limit: UInt64 = .max) {
    while true {
      var probe = pacer
      let step = probe.next(now: now)
      guard case .write(let deadline) = step, deadline < limit else {
        if step == .idle { pacer = probe }
        if limit != .max { now = max(now, limit) }
        return
      }
      pacer = probe
      now = max(now, deadline)
      writes.append(Write(time: now, frame: pacer.frame))
    }
  }

  /// The share of `[from, to)` during which `position` showed `cathode`, from the writes.
  func duty(position: Int, cathode: Int, from: UInt64, to: UInt64) -> Double {
    var lit: UInt64 = 0
    let spans = [Write(time: 0, frame: initial)] + writes
    for (index, write) in spans.enumerated() where write.frame.lit[position].contains(cathode) {
      let end = index + 1 < spans.count ? spans[index + 1].time : max(now, to)
      let overlap = min(end, to) > max(write.time, from) ? min(end, to) - max(write.time, from) : 0
      lit += overlap
    }
    return Double(lit) / Double(to - from)
  }
}

extension DisplayLayout {
  /// The index of `digit` in position `position`'s tube model.
  func digit(_ digit: Int, at position: Int) -> Int { positions[position].model.index(of: .digit(digit))! }
}
