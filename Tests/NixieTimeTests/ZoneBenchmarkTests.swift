import Glibc
import NixieTime
import Testing

/// The benchmark `nixie bench` can call runs and reports (figures from a debug build mean
/// little; the report quotes an optimised build's).
struct ZoneBenchmarkTests {
  static func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  @Test func measuresLoadingAndConverting() throws {
    let result = try ZoneBenchmark.run(
      database: Zones.database, zone: "Europe/Berlin", loads: 20, conversions: 2_000,
      now: Self.monotonicNanoseconds)
    print("zone benchmark (debug build): \(result)")
    #expect(result.loadMicroseconds > 0 && result.localNanoseconds > 0 && result.instantNanoseconds > 0)
    #expect(result.zoneBytes > 1_000)
    #expect(result.description.hasPrefix("Europe/Berlin: load "))
  }
}
