import NixieDisplay

/// Tube care's count as the frames go out: each frame written counts, for every cathode it
/// lights (at its duty, for a board of brightness levels), the time until the next frame or a
/// blank replaced it. A PWM period at 30 % is a lit frame for 30 % of it, so duty weighting
/// and cross-fades come from the frames themselves; a multiplexed board's scan lights each
/// tube for its share. Pure: the frame scheduler tells it what it wrote and when.
///
/// Frames that replace each other quickly cost one addition per lit cathode; nothing here
/// allocates (the frame is kept by reference to its storage).
public struct WearCount: Sendable {
  /// What has glowed so far, up to `since`.
  public private(set) var wear: CathodeWear
  /// What the tubes show from `since` on (nil: dark).
  private var showing: DisplayPacer.Output?
  private var since: UInt64

  /// Counting on from `wear`, the tubes dark at `time`.
  public init(wear: CathodeWear, at time: UInt64) {
    self.wear = wear
    since = time
  }

  /// `output` was written at `time`: what was shown until then is counted.
  public mutating func wrote(_ output: DisplayPacer.Output, at time: UInt64) {
    count(until: time)
    showing = output
  }

  /// The tubes went dark at `time` (a blank, the high voltage off).
  public mutating func darkened(at time: UInt64) {
    count(until: time)
    showing = nil
  }

  /// Counts what is shown up to `time` (for a save while it is still shown). A time before
  /// the last one counts nothing.
  public mutating func count(until time: UInt64) {
    guard time > since else { return }
    let length = time - since
    since = time
    switch showing {
    case .frame(let state)?: wear.add(state, for: length)
    case .duties(let duties)?: wear.add(duties, for: length)
    case nil: break
    }
  }
}
