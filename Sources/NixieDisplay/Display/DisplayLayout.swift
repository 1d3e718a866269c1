/// The ordered positions of a display, with the tubes and the gaps between them precomputed.
public struct DisplayLayout: Hashable, Sendable {
  /// Every position, left to right.
  public let positions: [DisplayPosition]
  /// The index in `positions` of each tube, left to right.
  public let tubeIndices: [Int]
  /// For each gap around the tubes (before tube 0, between tube i−1 and i, after the last
  /// tube), the indices of the separator positions that sit in it. `gaps.count` is tubes + 1.
  public let gaps: [[Int]]
  /// The sets of cathodes the board wires together (`LinkedCathodes`): lighting one lights all.
  /// Empty for a layout that knows of no board.
  public let links: [LinkedCathodes]

  /// A layout whose cathodes are wired to outputs of their own, or together as `links` says
  /// (from `OutputMap.linkedCathodes`; sets of fewer than two cathodes, or naming positions or
  /// cathodes the layout does not have, are left out).
  public init(positions: [DisplayPosition], links: [LinkedCathodes] = []) {
    self.positions = positions
    self.links = links.filter { link in
      link.members.count > 1
        && link.members.allSatisfy { member in
          member.position >= 0 && member.position < positions.count && member.cathode >= 0
            && member.cathode < positions[member.position].model.cathodes.count
        }
    }
    var tubes: [Int] = []
    var gaps: [[Int]] = [[]]
    for (index, position) in positions.enumerated() {
      if position.isTube {
        tubes.append(index)
        gaps.append([])
      } else {
        gaps[gaps.count - 1].append(index)
      }
    }
    self.tubeIndices = tubes
    self.gaps = gaps
  }

  public var count: Int { positions.count }
  public var tubeCount: Int { tubeIndices.count }

  /// What the wire lights for `state`: every cathode of `state`, and every cathode wired
  /// together with one of them. A state the formatter made is already whole.
  public func withLinkedCathodes(_ state: DisplayState) -> DisplayState {
    var result = state
    for link in links where link.isTouched(by: state) {
      for member in link.members where member.position < result.lit.count {
        result.lit[member.position].insert(member.cathode)
      }
    }
    return result
  }

  /// The cathodes wired together with cathode `cathode` of position `position`, without it.
  public func companions(ofPosition position: Int, cathode: Int) -> [LinkedCathodes.Member] {
    var result: [LinkedCathodes.Member] = []
    for link in links where link.contains(position: position, cathode: cathode) {
      for member in link.members where member != LinkedCathodes.Member(position: position, cathode: cathode) {
        if !result.contains(member) { result.append(member) }
      }
    }
    return result
  }

  /// `colon 1: upper`: a cathode named for messages.
  public func name(of member: LinkedCathodes.Member) -> String {
    guard member.position < positions.count else { return "position \(member.position + 1)" }
    let position = positions[member.position]
    guard member.cathode < position.model.cathodes.count else { return position.name }
    return "\(position.name): \(position.model.cathodes[member.cathode].name)"
  }

  /// A state with every position dark.
  public var blank: DisplayState { DisplayState(lit: Array(repeating: .none, count: positions.count)) }
}
