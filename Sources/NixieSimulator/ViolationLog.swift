/// What a chip model saw the wiring do wrong (a setup time violated, a read-only register
/// written), kept for tests and reports.
///
/// A simulated clock runs for days, and a mis-wired board profile breaks a rule on every
/// frame: the log keeps the first `limit` messages and only counts the rest, so it never grows
/// without bound.
public struct ViolationLog: Sendable {
  /// How many messages are kept.
  public static let limit = 100

  /// The first `limit` violations, in order, then a line saying how many more there were.
  public var messages: [String] {
    dropped == 0 ? kept : kept + ["… and \(dropped) more"]
  }

  private var kept: [String] = []
  private var dropped = 0

  public init() {}

  public mutating func record(_ message: String) {
    if kept.count < Self.limit {
      kept.append(message)
    } else {
      dropped &+= 1
    }
  }
}
