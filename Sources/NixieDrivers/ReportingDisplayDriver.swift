import NixieBoardModel
import NixieCore
import NixieDisplay
import NixieTransitions

/// A driver that tells frame observers what it wrote: the frames log on real hardware.
///
/// The simulator's chip models decode frames from the wire; on hardware nothing reads the
/// chips back, so this reports each changed frame the inner driver accepted — as the board map
/// turns it into outputs and back, so unwired cathodes drop out as on the wire — stamped with
/// `clock` after the write returned. While nothing observes, it only remembers the frame.
public final class ReportingDisplayDriver: DisplayDriver {
  public let inner: DisplayDriver
  private let map: OutputMap
  private let blankFrame: DisplayState
  private let clock: MonotonicClock
  private var observers: [FrameObserver] = []
  private var shown: DisplayState?

  public init(_ inner: DisplayDriver, board: BoardProfile, clock: MonotonicClock) {
    self.inner = inner
    self.map = board.outputs
    self.blankFrame = board.layout.blank
    self.clock = clock
  }

  public func addObserver(_ observer: FrameObserver) { observers.append(observer) }

  public func start() throws {
    try inner.start()
    shown = blankFrame
  }

  public func write(_ frame: DisplayState) throws {
    try inner.write(frame)
    report(frame)
  }

  /// Forwards the duties; reports the cathodes lit at all (what a frames log can say).
  public func write(duties: CathodeDuties) throws {
    try inner.write(duties: duties)
    report(
      DisplayState(
        lit: duties.duties.map { cathodes in
          var lit = CathodeSet.none
          for (cathode, duty) in cathodes.enumerated() where duty > 0 { lit.insert(cathode) }
          return lit
        }))
  }

  public func setBacklight(_ color: BacklightColor) throws { try inner.setBacklight(color) }

  public func blank() throws {
    try inner.blank()
    report(blankFrame)
  }

  private func report(_ frame: DisplayState) {
    guard frame != shown else { return }
    shown = frame
    guard !observers.isEmpty else { return }
    let outputs = map.encode(frame)
    let latched = LatchedFrame(time: clock.now(), outputs: outputs, state: map.decode(outputs))
    for observer in observers { observer.frameShown(latched) }
  }
}
