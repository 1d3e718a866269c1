import Glibc
import NixieDisplay
import NixieSystem
import NixieTestBoards
import NixieTransitions
import Testing

/// What runs every frame allocates nothing: counting a frame (`CathodeWear.add`) and asking an
/// aimed run what it shows (`AimedSpin.cathode(at:)`, `visit`). Counted by glibc's malloc tracer
/// as `nixie bench` counts (`AllocationCounter`), so it runs only when asked for, alone (the
/// tracer sees every thread):
///
///     LD_PRELOAD=libc_malloc_debug.so.0 MALLOC_TRACE=/tmp/wear.mtrace \
///       swift test --no-parallel --filter TubeCareAllocationTests
@Suite(.enabled(if: getenv("MALLOC_TRACE") != nil))
struct TubeCareAllocationTests {
  @Test func theFrameLoopAllocatesNothing() throws {
    var wear = CathodeWear(layout: TestLayouts.reference)
    var duties = CathodeDuties(layout: TestLayouts.reference)
    duties[0, 3] = 0.4
    duties[0, 4] = 0.6
    duties[2, 0] = 1
    wear.add(duties, for: 5_000_000)
    let spin = AimedSpin(
      order: Array(0..<10), wear: wear.times(at: 0), start: 0, duration: 2_000_000_000, landing: .none)
    var seen = 0
    let count = AllocationCounter.count {
      for frame in 0..<2_000 {
        let time = UInt64(frame) * 1_000_000
        wear.add(duties, for: 5_000_000)
        seen &+= spin.cathode(at: time) ?? 0
        spin.visit(from: time, to: time + 5_000_000) { cathode, _ in seen &+= cathode ?? 0 }
      }
    }
    #expect(try #require(count, "the tracer is not preloaded") == 0)
    #expect(seen > 0 && wear[0, 4] == 2_001 * 3_000_000)
  }
}
