import NixieCore
import Testing

/// The rate limit the control socket and the web login share.
struct TokenBucketTests {
  @Test func aTokenBucketAllowsItsBurstThenItsRate() {
    var bucket = TokenBucket(rate: 2, burst: 4)
    #expect((0..<6).map { _ in bucket.take(at: 0) } == [true, true, true, true, false, false])
    #expect(bucket.take(at: 499_000_000) == false)
    #expect(bucket.take(at: 500_000_000) == true)
    #expect(bucket.take(at: 10_000_000_000) == true)
  }

  /// When the next token comes: at once while there is one, else as the rate refills it; never
  /// for a bucket that does not refill. A take at that instant succeeds, one a nanosecond
  /// before does not.
  @Test func theNextTokenComesWhenTheRateRefillsIt() {
    var bucket = TokenBucket(rate: 2, burst: 4)
    #expect(bucket.nextToken(at: 0) == 0)
    for _ in 0..<4 { _ = bucket.take(at: 0) }
    let next = bucket.nextToken(at: 0)
    #expect(next == 500_000_000)
    #expect(bucket.nextToken(at: 200_000_000) == 500_000_000)
    var early = bucket
    let tooEarly = early.take(at: next - 1)
    let inTime = bucket.take(at: next)
    #expect(!tooEarly && inTime)
    var frozen = TokenBucket(rate: 0, burst: 1)
    _ = frozen.take(at: 0)
    #expect(frozen.nextToken(at: 5) == .max)
  }
}

/// Events taken as one burst: over after its quiet, or at the latest after its longest.
struct BurstTests {
  @Test func aBurstIsOverAfterItsQuietOrItsLongest() {
    var burst = Burst(at: 1_000)
    #expect(burst.count == 1 && burst.over(quiet: 100, longest: 1_000) == 1_100)
    burst.add(at: 1_050)
    burst.add(at: 1_900)
    #expect(burst.count == 3 && burst.first == 1_000 && burst.last == 1_900)
    #expect(burst.over(quiet: 100, longest: 1_000) == 2_000)
    #expect(burst.over(quiet: 50, longest: 10_000) == 1_950)
    // An event out of order does not move the last back.
    burst.add(at: 1_500)
    #expect(burst.last == 1_900 && burst.count == 4)
    #expect(Burst(at: .max - 1).over(quiet: 100, longest: .max) == .max)
    var long = Burst(at: 0)
    long.add(at: 7_300_000_000)
    #expect(long.seconds == 7)
  }
}
