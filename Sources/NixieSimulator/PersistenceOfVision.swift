import NixieBoardModel
import NixieDisplay
import NixieDrivers

/// What the eye sees of a multiplexed board (NCM109): each anode group is lit a few hundred
/// times a second, one at a time, and the eye holds every group's picture between its visits.
///
/// It watches the chain model's frames. A frame that switches a group's anodes on is part of
/// that group's visit; the picture of a group is what it showed during its latest visit (a
/// cross-fade inside a visit shows both digits). Positions lit in every group (dots) show what
/// the latest frame that lit anything gave them. A group not visited for two rounds of the scan
/// goes dark. `settle(at:)` says the scan has stopped: from then on the eye sees what the chips
/// hold, one group at most. Observers hear of every change of the picture.
public final class PersistenceOfVision: SimulatedDisplay, FrameObserver {
  public let inner: any SimulatedDisplay
  private let map: OutputMap
  private let window: UInt64
  private var observers: [FrameObserver] = []
  private var picture: DisplayState
  private var groupLit: [DisplayState]
  private var groupSeen: [UInt64?]
  private var staticLit: DisplayState
  private var lastGroup: Int?
  private var lastOutputs: OutputBits
  private let blank: DisplayState

  /// The picture of `inner`'s frames on `board`, scanned as `multiplex` says.
  public init(inner: any SimulatedDisplay, board: BoardProfile, multiplex: MultiplexWiring) {
    self.inner = inner
    map = board.outputs
    window = 2 * multiplex.slotNanoseconds * UInt64(max(1, multiplex.groupCount))
    picture = board.layout.blank
    blank = board.layout.blank
    staticLit = board.layout.blank
    groupLit = Array(repeating: board.layout.blank, count: board.outputs.groupOutputs.count)
    groupSeen = Array(repeating: nil, count: board.outputs.groupOutputs.count)
    lastOutputs = OutputBits(count: board.outputs.outputCount)
    // Weakly: this picture holds `inner`, so `inner` must not hold it.
    inner.addObserver(WeakFrameObserver(self))
  }

  public func addObserver(_ observer: FrameObserver) { observers.append(observer) }

  public var state: DisplayState { picture }
  public var visibleOutputs: OutputBits { inner.visibleOutputs }
  public var violations: [String] { inner.violations }

  public func frameShown(_ frame: LatchedFrame) {
    lastOutputs = frame.outputs
    let lit = map.groupOutputs.indices.filter { group in
      let output = map.groupOutputs[group]
      return frame.outputs[output] != map.activeLowOutputs.contains(output)
    }
    for group in lit {
      if lastGroup != group { groupLit[group] = blank }
      for (position, wiring) in map.positions.enumerated() where wiring.group == group {
        groupLit[group].lit[position] = groupLit[group].lit[position].union(frame.state.lit[position])
      }
      groupSeen[group] = frame.time
      lastGroup = group
    }
    if !frame.state.isDark {
      for (position, wiring) in map.positions.enumerated() where wiring.group == nil {
        staticLit.lit[position] = frame.state.lit[position]
      }
    }
    publish(composed(at: frame.time), at: frame.time)
  }

  /// The scan has stopped at `time`: the picture is what the chips show now.
  public func settle(at time: UInt64) {
    publish(inner.state, at: time)
    for group in groupSeen.indices { groupSeen[group] = nil }
    lastGroup = nil
  }

  private func composed(at time: UInt64) -> DisplayState {
    var state = staticLit
    for (position, wiring) in map.positions.enumerated() {
      guard let group = wiring.group, group < groupLit.count else { continue }
      let fresh = groupSeen[group].map { time <= $0 + window } ?? false
      state.lit[position] = fresh ? groupLit[group].lit[position] : .none
    }
    return state
  }

  private func publish(_ state: DisplayState, at time: UInt64) {
    guard state != picture else { return }
    picture = state
    let frame = LatchedFrame(time: time, outputs: lastOutputs, state: state)
    for observer in observers { observer.frameShown(frame) }
  }
}
