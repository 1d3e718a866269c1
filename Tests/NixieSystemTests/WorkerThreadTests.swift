import Foundation
import Glibc
import NixieCore
import NixieSystem
import NixieTestSupport
import Testing

/// A worker thread's life: started once under its name, stopped and joined from any thread
/// (twice, before it started, from inside itself), and a stop that ends the body's wait at
/// once — a condition variable's, poll's, a parker's — rather than being noticed on a timer.
struct WorkerThreadTests {
  /// A flag one thread raises and another waits for, at most 10 s.
  final class Latch: @unchecked Sendable {
    private let condition = Condition()
    private var raised = false

    func raise() {
      condition.withLock {
        raised = true
        condition.broadcast()
      }
    }

    var isRaised: Bool { condition.withLock { raised } }

    func wait() -> Bool {
      condition.withLock {
        let deadline = SystemClock().now() + 10_000_000_000
        while !raised {
          guard condition.wait(until: deadline) else { return false }
        }
        return true
      }
    }
  }

  @Test func itRunsTheBodyOnANamedThreadAndJoinWaitsForIt() throws {
    let worker = WorkerThread()
    let seen = Locked<(name: String, done: Bool)>(("", false))
    let started = try worker.start(name: "nixie-test") {
      let task = ThreadProbe.currentTask()
      let comm = (try? String(contentsOfFile: "/proc/\(task)/comm", encoding: .utf8)) ?? ""
      seen.withLock { $0.name = comm.trimmingCharacters(in: .newlines) }
      seen.withLock { $0.done = true }
    }
    #expect(started)
    #expect(worker.hasStarted)
    worker.join()
    let after = seen.withLock { $0 }
    #expect(after.name == "nixie-test")
    #expect(after.done)
    // Once only: a second start starts nothing.
    let again = try worker.start(name: "nixie-again") { seen.withLock { $0.name = "again" } }
    #expect(!again)
    worker.stop()
    #expect(seen.withLock { $0.name } == "nixie-test")
  }

  @Test func stopEndsAConditionWaitAtOnce() throws {
    let worker = WorkerThread()
    let condition = Condition()
    let waiting = Latch()
    let ended = Latch()
    try worker.start(name: "nixie-test", onStop: { condition.withLock { condition.broadcast() } }) {
      condition.withLock {
        waiting.raise()
        while !worker.isStopping { condition.wait() }
      }
      ended.raise()
    }
    #expect(waiting.wait())
    // Taken only once the body has let go of it: in its wait.
    condition.withLock {}
    #expect(!worker.isStopping)
    #expect(ThreadProbe.returnsSoon { worker.stop() })
    #expect(ended.isRaised)
    #expect(worker.isStopping)
  }

  @Test func stopEndsAPollAtOnceAndWakeDoesNotStop() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    let (reading, writing) = (ends[0], ends[1])
    let worker = WorkerThread()
    let woken = Latch()
    let readable = Latch()
    let ended = Latch()
    let task = Locked("")
    try worker.start(name: "nixie-test") {
      task.withLock { $0 = ThreadProbe.currentTask() }
      do {
        while let ready = try worker.wait(for: [Poll.Interest(reading)], timeout: nil) {
          if ready.woken { woken.raise() }
          if ready.descriptors[0].readable {
            var byte: UInt8 = 0
            _ = read(reading, &byte, 1)
            readable.raise()
          }
        }
      } catch {
        Issue.record("\(error)")
      }
      ended.raise()
    }
    worker.wake()
    #expect(woken.wait())
    var byte: UInt8 = 1
    #expect(write(writing, &byte, 1) == 1)
    #expect(readable.wait())
    #expect(ThreadProbe.waitUntilAsleep(task.withLock { $0 }))
    #expect(!ended.isRaised)
    #expect(ThreadProbe.returnsSoon { worker.stop() })
    #expect(ended.isRaised)
  }

  @Test func aWakeBeforeTheStartIsKept() throws {
    let worker = WorkerThread()
    worker.wake()
    let woken = Latch()
    try worker.start(name: "nixie-test") {
      if let ready = try? worker.wait(for: [], timeout: nil), ready.woken { woken.raise() }
    }
    #expect(woken.wait())
    worker.stop()
  }

  @Test func aStopBeforeTheStartMeansItNeverRuns() throws {
    let worker = WorkerThread()
    worker.stop()
    let ran = Latch()
    let started = try worker.start(name: "nixie-test") { ran.raise() }
    #expect(!started)
    #expect(!worker.hasStarted)
    worker.join()
    worker.stop()
    #expect(!ran.isRaised)
  }

  @Test func stoppingAndJoiningAgainAndFromManyThreadsIsHarmless() throws {
    let worker = WorkerThread()
    let condition = Condition()
    try worker.start(name: "nixie-test", onStop: { condition.withLock { condition.broadcast() } }) {
      condition.withLock {
        while !worker.isStopping { condition.wait() }
      }
    }
    let stoppers = DispatchGroup()
    for _ in 0..<4 {
      stoppers.enter()
      Thread.detachNewThread {
        worker.stop()
        worker.join()
        stoppers.leave()
      }
    }
    #expect(stoppers.wait(timeout: .now() + 10) == .success)
    worker.stop()
    worker.join()
  }

  @Test func aStopFromInsideDoesNotWaitForItselfAndAJoinFromOutsideStillDoes() throws {
    let worker = WorkerThread()
    let stopped = Latch()
    let carryOn = Latch()
    let finished = Locked(false)
    let joiner = Locked("")
    try worker.start(name: "nixie-test") {
      worker.stop()
      worker.join()
      stopped.raise()
      // Still running after its own stop: it ends only once the join from outside is
      // blocked waiting for it.
      _ = carryOn.wait()
      _ = ThreadProbe.waitUntilAsleep(joiner.withLock { $0 })
      finished.withLock { $0 = true }
    }
    #expect(stopped.wait())
    #expect(worker.isStopping)
    let joined = ThreadProbe.returnsSoon {
      joiner.withLock { $0 = ThreadProbe.currentTask() }
      carryOn.raise()
      worker.join()
    }
    #expect(joined)
    #expect(finished.withLock { $0 })
  }

  /// The system clock, whose parkers count their retirements.
  final class RetiringClock: ParkingClock, @unchecked Sendable {
    let system = SystemClock()
    let retired = Locked(0)

    func now() -> UInt64 { system.now() }
    func sleep(until deadline: UInt64) { system.sleep(until: deadline) }
    func makeParker() -> ThreadParker { Parker(base: system.makeParker(), retired: retired) }

    final class Parker: ThreadParker, @unchecked Sendable {
      let base: ThreadParker
      let retired: Locked<Int>
      init(base: ThreadParker, retired: Locked<Int>) {
        self.base = base
        self.retired = retired
      }
      func sleep(until deadline: UInt64) { base.sleep(until: deadline) }
      func park(until deadline: UInt64?) { base.park(until: deadline) }
      func unpark() { base.unpark() }
      func discardWakeUp() { base.discardWakeUp() }
      func retire() { retired.withLock { $0 += 1 } }
    }
  }

  @Test func aParkedBodyIsUnparkedByTheStopAndItsParkerRetired() throws {
    let clock = RetiringClock()
    let worker = WorkerThread()
    let parked = Latch()
    let parker = try worker.start(name: "nixie-test", parkingOn: clock) { parker in
      parked.raise()
      while !worker.isStopping { parker.park(until: nil) }
    }
    #expect(parker != nil)
    #expect(parked.wait())
    #expect(clock.retired.withLock { $0 } == 0)
    #expect(ThreadProbe.returnsSoon { worker.stop() })
    #expect(clock.retired.withLock { $0 } == 1)
    // Nothing starts after the stop, and the parker made for it is retired at once.
    let again = try worker.start(name: "nixie-test", parkingOn: clock) { _ in }
    #expect(again == nil)
    #expect(clock.retired.withLock { $0 } == 2)
  }

  /// The scheduling policy of the thread at `task` (field 41 of its stat: 0 SCHED_OTHER,
  /// 1 SCHED_FIFO).
  static func policy(of task: String) -> Int? {
    guard let stat = try? String(contentsOfFile: "/proc/\(task)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 38 ? Int(fields[38]) : nil
  }

  @Test func itMovesToRealTimeAndBackWhereAllowed() throws {
    let worker = WorkerThread()
    let condition = Condition()
    let task = Locked("")
    let running = Latch()
    // Set before the start: the thread starts at that priority where it may.
    try? worker.setPriority(.realTime)
    try worker.start(name: "nixie-test", onStop: { condition.withLock { condition.broadcast() } }) {
      task.withLock { $0 = ThreadProbe.currentTask() }
      running.raise()
      condition.withLock {
        while !worker.isStopping { condition.wait() }
      }
    }
    defer { worker.stop() }
    #expect(running.wait())
    let path = task.withLock { $0 }
    let atStart = Self.policy(of: path)
    do throws(SystemCallError) {
      try worker.setPriority(.realTime)
      #expect(atStart == 1)
      #expect(Self.policy(of: path) == 1)
      try worker.setPriority(.normal)
      #expect(Self.policy(of: path) == 0)
      try worker.setPriority(.realTime)
      #expect(Self.policy(of: path) == 1)
    } catch {
      // Without CAP_SYS_NICE or an RLIMIT_RTPRIO: refused, and the thread runs on as it was.
      #expect(error.errno == .notPermitted)
      #expect(atStart == 0)
      #expect(Self.policy(of: path) == 0)
    }
  }
}
