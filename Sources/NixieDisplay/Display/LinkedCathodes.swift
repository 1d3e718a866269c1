/// Cathodes a board wires together: one chip output (or host line) drives them all, so lighting
/// any of them lights every one. Omnixie's colon is one line for both dots; the NCM109's two
/// colons share their upper and their lower dot outputs.
///
/// Derived from the board's wiring (`OutputMap.linkedCathodes`), never written by hand: two
/// positions that name the same output, lit in the same frame, are linked.
public struct LinkedCathodes: Hashable, Sendable {
  /// One cathode of the set: the display position and the cathode's index in its tube model.
  public struct Member: Hashable, Sendable, Comparable {
    public var position: Int
    public var cathode: Int

    public init(position: Int, cathode: Int) {
      self.position = position
      self.cathode = cathode
    }

    public static func < (lhs: Member, rhs: Member) -> Bool {
      (lhs.position, lhs.cathode) < (rhs.position, rhs.cathode)
    }
  }

  /// Two or more cathodes, left to right, in model order within a position.
  public let members: [Member]

  public init(members: [Member]) { self.members = Array(Set(members)).sorted() }

  /// Whether the set holds cathode `cathode` of position `position`.
  public func contains(position: Int, cathode: Int) -> Bool {
    members.contains(Member(position: position, cathode: cathode))
  }

  /// Whether `state` lights any cathode of the set.
  public func isTouched(by state: DisplayState) -> Bool {
    members.contains { member in
      member.position < state.lit.count && state.lit[member.position].contains(member.cathode)
    }
  }
}
