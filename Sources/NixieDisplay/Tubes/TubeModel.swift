/// A kind of tube or separator: its cathodes, how text maps onto them, and how they are stacked.
///
/// Models are data (see `TubeModel.catalog`); a board profile names one per display position
/// and says which of its cathodes are wired.
public struct TubeModel: Hashable, Sendable {
  /// Whether a position shows characters (a tube) or sits between tubes (a separator).
  /// Its raw value is the word the clock's state report uses (`tube`, `separator`).
  public enum Kind: String, Hashable, Sendable {
    case tube
    case separator
  }

  /// The model's name as written in board profiles, e.g. `IN-14`.
  public let name: String
  public let kind: Kind
  /// Every cathode, in the fixed order that `CathodeSet` indexes into.
  public let cathodes: [Cathode]
  /// The cathodes a board must wire for the position to be usable (a tube's digits or
  /// symbols). Decimal points are optional; a separator needs at least one dot.
  public let requiredCathodes: [Cathode]
  /// Input spellings of each main cathode: `"-"` and `"−"` both mean the IN-15A minus.
  public let spellings: [String: Cathode]
  /// The decimal point that sits left of the character (lit for a `.` before it), if any.
  public let pointBefore: Cathode?
  /// The decimal point that sits right of the character (lit for a `.` after it), if any.
  public let pointAfter: Cathode?
  /// Main cathodes from the back of the stack to the front, for the slot-machine effect.
  public let depthOrder: [Cathode]

  public init(
    name: String, kind: Kind, cathodes: [Cathode], requiredCathodes: [Cathode],
    spellings: [String: Cathode], pointBefore: Cathode? = nil, pointAfter: Cathode? = nil,
    depthOrder: [Cathode]
  ) {
    self.name = name
    self.kind = kind
    self.cathodes = cathodes
    self.requiredCathodes = requiredCathodes
    self.spellings = spellings
    self.pointBefore = pointBefore
    self.pointAfter = pointAfter
    self.depthOrder = depthOrder
  }

  /// The index of `cathode` in `cathodes`, the bit it takes in a `CathodeSet`.
  public func index(of cathode: Cathode) -> Int? { cathodes.firstIndex(of: cathode) }

  /// The cathode named `name` (`"5"`, `"rdp"`, `"upper"`, `"Hz"`…), if the model has it.
  public func cathode(named name: String) -> Cathode? { cathodes.first { $0.name == name } }

  /// Every cathode of the model as a set.
  public var allCathodes: CathodeSet { CathodeSet(bits: UInt32((1 << cathodes.count) - 1)) }

  /// The main cathodes (digits or symbols) as a set.
  public var mainCathodes: CathodeSet {
    var set = CathodeSet.none
    for (index, cathode) in cathodes.enumerated() where cathode.isMain { set.insert(index) }
    return set
  }
}
