/// The ordered positions of a display, with the tubes and the gaps between them precomputed.
public struct DisplayLayout: Hashable, Sendable {
  /// Every position, left to right.
  public let positions: [DisplayPosition]
  /// The index in `positions` of each tube, left to right.
  public let tubeIndices: [Int]
  /// For each gap around the tubes (before tube 0, between tube i−1 and i, after the last
  /// tube), the indices of the separator positions that sit in it. `gaps.count` is tubes + 1.
  public let gaps: [[Int]]

  public init(positions: [DisplayPosition]) {
    self.positions = positions
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

  /// A state with every position dark.
  public var blank: DisplayState { DisplayState(lit: Array(repeating: .none, count: positions.count)) }
}
