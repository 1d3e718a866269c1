import NixieText

/// Tube care's count as the bridge publishes it, for one position of the board: how long it
/// has glowed in all and its least used cathode's share of its most used one's — read from the
/// clock's `wear` answer (the object `nixie wear --json` prints), leniently: what is missing or
/// out of range reads as unknown, never as a number it is not.
struct TubeWear: Hashable, Sendable {
  /// Hours glowed in all, to a hundredth.
  var hours: Double
  /// The least used cathode's share of the most used one's, in percent to a tenth; nil while
  /// none has glowed.
  var leastUsedPercent: Double?

  /// The most positions published (and cleared by `nixie mqtt --remove`).
  static let maximumPositions = 16

  /// The positions of the `wear` answer `answer`, at most `maximumPositions`; nil when it lists
  /// no tubes.
  static func positions(in answer: JSONValue) -> [TubeWear]? {
    guard case .array(let tubes)? = answer["tubes"] else { return nil }
    return tubes.prefix(maximumPositions).map { tube in
      let seconds = tube["seconds"]?.double.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0
      var least: Double? = nil
      if case .array(let laggards)? = tube["least_used"], let share = laggards.first?["share"]?.double,
        share.isFinite, (0...1).contains(share), seconds > 0
      {
        least = (share * 1000).rounded() / 10
      }
      return TubeWear(hours: (min(seconds, 1e15) / 36).rounded() / 100, leastUsedPercent: least)
    }
  }
}
