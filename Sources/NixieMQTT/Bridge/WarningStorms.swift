import NixieCore

/// Warnings that come in storms — a sensor publishing a value the tubes cannot show every
/// second, a flood of malformed commands — said once each: the first of a kind in full, the
/// rest counted, and once the kind has been quiet for `quiet` (10 s, or every minute while it
/// goes on) one line with the count and the last of them. A kind is what was done with what
/// topic (`refused nixie/NODE/show/set`). Pure: time is given (monotonic nanoseconds).
struct WarningStorms: Sendable {
  /// How long a kind must be quiet before its storm is over.
  static let quiet: UInt64 = 10_000_000_000
  /// A storm that goes on is summed up at least this often.
  static let longest: UInt64 = 60_000_000_000
  /// The most kinds followed at once: beyond them every warning is said (a topic per warning
  /// would grow this without bound).
  static let maximumKinds = 64

  /// A storm so far: the warnings of one kind since the first was said.
  struct Storm: Hashable, Sendable {
    var burst: Burst
    /// The last warning not said (nil: none since the first).
    var last: String?
    /// How many were not said.
    var unsaid: Int { burst.count - 1 }
  }

  private var storms: [String: Storm] = [:]

  /// A warning of `kind` at `now`: true when it is to be said (the first of a storm).
  mutating func note(_ kind: String, _ message: String, at now: UInt64) -> Bool {
    guard var storm = storms[kind] else {
      if storms.count < Self.maximumKinds { storms[kind] = Storm(burst: Burst(at: now)) }
      return true
    }
    storm.burst.add(at: now)
    storm.last = message
    storms[kind] = storm
    return false
  }

  /// When the next storm is over, if one is going on.
  var due: UInt64? {
    storms.values.map { $0.burst.over(quiet: Self.quiet, longest: Self.longest) }.min()
  }

  /// The storms over at `now` that held more than their first warning, by kind: each to be
  /// summed up in one line. Storms of one warning end silently.
  mutating func ended(at now: UInt64) -> [(kind: String, storm: Storm)] {
    let over = storms.filter { $0.value.burst.over(quiet: Self.quiet, longest: Self.longest) <= now }
    for kind in over.keys { storms[kind] = nil }
    return over.filter { $0.value.unsaid > 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}
