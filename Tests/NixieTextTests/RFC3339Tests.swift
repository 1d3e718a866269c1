import NixieText
import Testing

struct RFC3339Tests {
  @Test(arguments: [
    (Int64(0), "1970-01-01T00:00:00.000000Z"),
    (Int64(1_795_336_240_123_456_789), "2026-11-22T08:30:40.123456Z"),
    (Int64(951_782_400_000_000_000), "2000-02-29T00:00:00.000000Z"),
    (Int64(-1_000), "1969-12-31T23:59:59.999999Z"),
    (Int64(4_102_444_799_999_999_000), "2099-12-31T23:59:59.999999Z"),
  ])
  func formatsUTCWithMicroseconds(_ nanoseconds: Int64, _ text: String) {
    #expect(RFC3339.string(fromUnixNanoseconds: nanoseconds) == text)
  }
}
