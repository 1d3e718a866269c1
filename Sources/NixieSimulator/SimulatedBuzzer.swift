import NixieBoardModel
import NixieSystem
import NixieTransports

/// A simulated board's buzzer as the ear hears it, read back from its line on the gpiochip:
/// sounding while the line is active (an active buzzer, on for a note) or has moved within
/// `hearing` (a passive one's square wave, which ends with the line inactive). The terminal
/// view shows a note while it sounds.
public final class SimulatedBuzzer: LineObserver, Sendable {
  private let activeHigh: Bool
  /// The line's level and when it last changed.
  private let line: Locked<(high: Bool, changed: UInt64?)>

  /// How long after its last edge a buzzer still counts as sounding: longer than the period of
  /// the lowest note (C3, 7.6 ms) and the rests between a tune's notes (a sixteenth at 200
  /// beats a minute is 75 ms), short enough that the note goes with the tune.
  public static let hearing: UInt64 = 250_000_000

  /// The buzzer of `board` on a chip whose lines start at `levels` (physical), or nil when the
  /// board has none.
  init?(board: BoardProfile, levels: LineSet) {
    guard let buzzer = board.buzzer else { return nil }
    activeHigh = buzzer.activeHigh
    line = Locked((levels.contains(.role(.buzzer)), nil))
  }

  public func linesChanged(_ changed: LineSet, levels: LineSet, at time: UInt64) {
    guard changed.contains(.role(.buzzer)) else { return }
    line.withLock { $0 = (levels.contains(.role(.buzzer)), time) }
  }

  /// Whether the buzzer sounds at `time`.
  public func isSounding(at time: UInt64) -> Bool {
    line.withLock { line in
      if line.high == activeHigh { return true }
      guard let changed = line.changed, time >= changed else { return false }
      return time - changed < Self.hearing
    }
  }
}
