import Foundation
import Testing

/// `nixie bench` runs and reports its figures (their values are for the README, not asserted).
struct BenchCommandTests {
  @Test func itReportsRenderingAndTiming() throws {
    let result = try NixieProcess.run(["bench", "--seconds", "0.3", "--periods", "200"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("render, six tubes cross-fading together: "))
    #expect(result.stdout.contains("frames/s"))
    #expect(result.stdout.contains("p99"))
    #expect(result.stdout.contains("allocations: not counted"))
  }

  static let mallocDebug = "/lib/x86_64-linux-gnu/libc_malloc_debug.so.0"

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: mallocDebug), "glibc's malloc tracer is not installed"),
    .disabled(
      if: NixieProcess.sanitizer != nil,
      "a sanitizer replaces malloc: glibc's tracer sees none of nixie's allocations"))
  func underGlibcsTracerItCountsAllocations() throws {
    let trace = try NixieProcess.temporaryFolder().appendingPathComponent("mtrace")
    let result = try NixieProcess.run(
      ["bench", "--seconds", "0.1", "--periods", "10"],
      environment: ["LD_PRELOAD": Self.mallocDebug, "MALLOC_TRACE": trace.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains(/allocations, rendering \(staggered fade\): \d+ in 10 periods/))
    #expect(result.stdout.contains(/allocations, scheduler thread, .*: first \d+ in \d+ frames/))
  }
}
