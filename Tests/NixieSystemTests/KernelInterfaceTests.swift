import Glibc
import NixieSystem
import Testing

/// The thin wrappers over the kernel: adjtimex's answer, the realtime timer, the wake-up event.
struct KernelInterfaceTests {
  @Test(arguments: [
    (Int32(0), Int32(0), ClockSynchronisation.synchronised), (5, 0, .unsynchronised),
    (0, 0x40, .unsynchronised),
    (1, 0x2001, .synchronised),
  ])
  func timeErrorOrUnsyncMeansUnsynchronised(_ state: Int32, _ status: Int32, _ expected: ClockSynchronisation)
  {
    #expect(KernelTimeStatus.interpret(state: state, status: status) == expected)
  }

  @Test func theKernelAnswersTheSynchronisationQuestion() {
    if case .unknown(let error) = KernelTimeStatus().synchronisation() {
      Issue.record("adjtimex failed: \(error)")
    }
  }

  @Test func aRealtimeTimerFiresAtAnAbsoluteDeadlineAndNotBefore() throws {
    let timer = try RealtimeTimer()
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let wall = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    #expect(try timer.arm(at: wall + 3_600_000_000_000))
    #expect(try timer.read() == .pending)
    #expect(try timer.arm(at: wall - 1))
    #expect(try Poll.readable([timer.descriptor.rawValue], timeout: 1_000_000_000) == [0])
    #expect(try timer.read() == .fired)
  }

  @Test func aWakeUpEventIsReadableUntilDrained() throws {
    let event = try WakeUpEvent()
    #expect(try Poll.readable([event.descriptor.rawValue], timeout: 0).isEmpty)
    event.signal()
    event.signal()
    #expect(try Poll.readable([event.descriptor.rawValue], timeout: 0) == [0])
    event.drain()
    #expect(try Poll.readable([event.descriptor.rawValue], timeout: 0).isEmpty)
  }
}
