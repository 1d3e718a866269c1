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
}
