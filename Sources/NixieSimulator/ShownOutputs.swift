import NixieBoardModel
import NixieDrivers

/// What a board model's tubes last showed, and who is told when it changes: the one place the
/// chip models (shift chains, exixe modules, expanders) publish a `LatchedFrame`, and only
/// when the visible outputs differ from the last ones shown.
struct ShownOutputs {
  private let map: OutputMap
  private var shown: OutputBits
  private var observers: [FrameObserver] = []

  /// Starts with `outputs` as shown, told to nobody.
  init(map: OutputMap, outputs: OutputBits) {
    self.map = map
    self.shown = outputs
  }

  mutating func addObserver(_ observer: FrameObserver) { observers.append(observer) }

  /// Tells every observer of `visible` at `time`, decoded through the map, when it differs
  /// from what was shown last.
  mutating func publish(_ visible: OutputBits, at time: UInt64) {
    guard visible != shown else { return }
    shown = visible
    let frame = LatchedFrame(time: time, outputs: visible, state: map.decode(visible))
    for observer in observers { observer.frameShown(frame) }
  }
}
