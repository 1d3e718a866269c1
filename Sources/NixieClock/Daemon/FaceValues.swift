import NixieDisplay

/// The values handed to the clock for its topic faces (`face-value` over the control socket),
/// each kept with when it came (monotonic nanoseconds), so that a face whose value is older
/// than its `staleSeconds` is skipped. Kept by the daemon loop; only the latest value of each
/// topic.
struct FaceValues {
  private var latest: [String: (state: DisplayState, arrived: UInt64)] = [:]

  /// `state` is `topic`'s value from `now` on.
  mutating func record(_ state: DisplayState, topic: String, at now: UInt64) {
    latest[topic] = (state, now)
  }

  /// The values the faces of `rotation` may show at `now`: those of their topics that came
  /// less than the face's `staleSeconds` ago.
  func fresh(for rotation: FaceRotation, at now: UInt64) -> [String: DisplayState] {
    var fresh: [String: DisplayState] = [:]
    for turn in rotation.turns {
      guard let topic = turn.topic, let value = latest[topic.topic], now >= value.arrived else { continue }
      if now - value.arrived < UInt64(topic.staleSeconds) * 1_000_000_000 { fresh[topic.topic] = value.state }
    }
    return fresh
  }
}
