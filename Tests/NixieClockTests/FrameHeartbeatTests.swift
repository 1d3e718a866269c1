import NixieClock
import NixieRuntime
import NixieSimulator
import NixieSystem
import NixieTransitions
import Testing

/// The frame scheduler's heartbeat in virtual time (a `ManualDaemonClock` that this test
/// moves): at its interval while idle and while writing, never more often, never once the
/// loop has stopped.
struct FrameHeartbeatTests {
  @Test func theHeartbeatKeepsItsIntervalWhileIdleAndWhileFadingAndEndsWithTheLoop() throws {
    let board = try Fixtures.board()
    let clock = ManualDaemonClock(wall: 0)
    let origin = clock.now()
    let simulated = try SimulatedBoard(board: board, clock: clock)
    try simulated.driver.start()
    let beats = Locked<[UInt64]>([])
    let scheduler = FrameScheduler(
      layout: board.layout, driver: simulated.driver, clock: clock,
      heartbeat: FrameScheduler.Heartbeat(interval: 250_000_000) { time in beats.withLock { $0.append(time) }
      })
    try scheduler.start()
    clock.advance(by: 1_000_000_000)
    // A 2 s fade: frames every few milliseconds, the heartbeat still every 250 ms.
    scheduler.show(
      try board.formatter.format("123456"), transition: TransitionSpec(.crossfade, duration: 2_000_000_000))
    clock.advance(by: 3_000_000_000)
    let writes = scheduler.writeCount
    scheduler.stop()
    clock.advance(by: 1_000_000_000)
    let times = beats.withLock { $0 }.map { $0 - origin }
    #expect(writes > 500)
    #expect(times.first == 0)
    #expect(times.count >= 16 && times.count <= 17, "\(times)")
    for (earlier, later) in zip(times, times.dropFirst()) {
      #expect(later - earlier >= 250_000_000 && later - earlier < 256_000_000, "\(times)")
    }
    #expect(times.allSatisfy { $0 <= 4_000_000_000 })
  }
}
