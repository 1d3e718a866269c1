/// How long to wait before the next try at something that failed: 1 s, then doubling up to
/// `maximum`; back to the start once it works.
struct Backoff: Hashable, Sendable {
  let first: UInt64
  let maximum: UInt64
  private(set) var failures = 0

  init(first: UInt64 = 1_000_000_000, maximum: UInt64 = 60_000_000_000) {
    self.first = first
    self.maximum = maximum
  }

  /// One more failure: the wait before the next try.
  mutating func next() -> UInt64 {
    let wait = first << UInt64(min(failures, 16))
    failures += 1
    return min(wait, maximum)
  }

  /// It worked.
  mutating func reset() { failures = 0 }
}
