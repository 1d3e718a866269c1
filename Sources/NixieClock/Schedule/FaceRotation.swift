import NixieControl

/// The faces the clock takes turns showing, each for a number of seconds (time for 50 s, date
/// for 10 s). The turns are counted from local midnight, so with a cycle that divides a day
/// the same face shows at the same second of every minute (date at :50–:59 above).
public struct FaceRotation: Hashable, Sendable {
  /// A face and how long it shows each turn.
  public struct Turn: Hashable, Sendable {
    /// The date face; for a turn with a `topic`, the one shown while the topic has no fresh
    /// value (the date face before it in the rotation).
    public var face: ClockFace
    public var seconds: Int
    /// The value this turn shows instead of `face`, when there is a fresh one.
    public var topic: TopicFace?

    public init(face: ClockFace, seconds: Int, topic: TopicFace? = nil) {
      self.face = face
      self.seconds = max(1, seconds)
      self.topic = topic
    }
  }

  public let turns: [Turn]

  /// At least one turn (the first when `turns` is empty is an error the caller has checked).
  public init(turns: [Turn]) { self.turns = turns }

  /// Seconds for one round of every face.
  public var cycle: Int { turns.reduce(0) { $0 + $1.seconds } }

  /// Which turn shows at local `secondOfDay`.
  public func turn(atSecondOfDay secondOfDay: Int) -> Int {
    guard turns.count > 1 else { return 0 }
    var offset = secondOfDay % cycle
    for (index, turn) in turns.enumerated() {
      if offset < turn.seconds { return index }
      offset -= turn.seconds
    }
    return turns.count - 1
  }
}
