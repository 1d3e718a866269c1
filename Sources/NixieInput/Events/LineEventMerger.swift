import NixieBoardModel
import NixieTransports

/// Merges the events of several lines, each read from its own queue, into one stream in
/// timestamp order.
///
/// libgpiod 1.6 gives each requested line its own kernel queue (16 events). Reading line A's
/// queue and then line B's can return a B event that happened after an A event still on its
/// way, so an event is released only once every line has been read past its timestamp:
/// `add(_:from:completeUpTo:)` records, per line, the instant up to which its queue was
/// drained. Events a full queue dropped are simply missing — the decoder resynchronises at the
/// next rest position, and a repeated level (the trace of a lost edge) is a no-op downstream.
public struct LineEventMerger: Sendable {
  private var pending: [LineRole: [LineEvent]]
  private var complete: [LineRole: UInt64]

  /// A merger for `roles`; nothing is released until every one of them has been read once.
  public init(roles: [LineRole]) {
    pending = Dictionary(uniqueKeysWithValues: roles.map { ($0, []) })
    complete = [:]
  }

  /// Adds the events read from `role`'s queue (oldest first). `time` is an instant taken just
  /// before that read: every event of this line up to `time` is now known.
  public mutating func add(_ events: [LineEvent], from role: LineRole, completeUpTo time: UInt64) {
    var queue = pending[role, default: []]
    queue.append(contentsOf: events)
    if !queue.isSorted(by: \.time) { queue.sort { $0.time < $1.time } }
    pending[role] = queue
    complete[role] = max(complete[role] ?? 0, time)
  }

  /// The instant up to which every line is known, if every line has been read.
  public var watermark: UInt64? {
    guard complete.count == pending.count else { return nil }
    return complete.values.min()
  }

  /// The events at or before the watermark, in timestamp order (ties in `LineRole` order).
  public mutating func release() -> [LineEvent] {
    guard let watermark else { return [] }
    return merge { $0.time <= watermark }
  }

  /// Every pending event, in timestamp order: for the end of a run.
  public mutating func drain() -> [LineEvent] { merge { _ in true } }

  private mutating func merge(taking ready: (LineEvent) -> Bool) -> [LineEvent] {
    var out: [LineEvent] = []
    for role in pending.keys.sorted() {
      guard let queue = pending[role] else { continue }
      let count = queue.prefix(while: ready).count
      out.append(contentsOf: queue.prefix(count))
      pending[role] = Array(queue.dropFirst(count))
    }
    // Stable: equal timestamps keep the role order they were appended in.
    return out.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
      .map(\.element)
  }
}

extension Array {
  fileprivate func isSorted<Key: Comparable>(by key: (Element) -> Key) -> Bool {
    zip(self, dropFirst()).allSatisfy { key($0) <= key($1) }
  }
}
