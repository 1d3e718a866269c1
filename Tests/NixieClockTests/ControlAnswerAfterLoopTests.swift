import Foundation
import NixieClock
import NixieControl
import NixieSystem
import Testing

/// A control request's answer goes out once the daemon loop has applied what it posted, so a
/// `state` asked after the answer shows its effect: the web page reads the state right after a
/// save and fills every control from it, and on a loaded machine (CI's stop 43) it read the
/// settings from before the save and put them back on the page. A loop that does not get there
/// within a bound holds no answer back for longer.
struct ControlAnswerAfterLoopTests {
  /// A handler on a status the "loop" (the test) feeds by hand, counting the inbox's commands.
  struct Rig {
    let inbox: ClockInbox
    let status = ClockStatus()
    let planner: ClockPlanner
    let handler: ControlRequestHandler
    /// Set to 1 when something is posted (the inbox's wake).
    let posted: WaitableCount

    init(now: @escaping @Sendable () -> UInt64 = { SystemClock().now() }) throws {
      let board = try Fixtures.board()
      let posted = WaitableCount(0)
      self.posted = posted
      inbox = ClockInbox { posted.set(1) }
      planner = try Fixtures.planner()
      status.update(ClockStatus.Snapshot(planner: planner, activity: .face(0), night: false), applied: 0)
      let report = ClockStateReport(board: board, status: status, editor: nil, frames: nil, timing: { nil })
      handler = ControlRequestHandler(formatter: board.formatter, inbox: inbox, report: report, now: now)
    }

    /// The loop's turn: takes the inbox's commands and publishes its look after them.
    func loopApplies(displayOn: Bool) -> [ClockCommand] {
      let commands = inbox.take()
      var planner = planner
      planner.displayOn = displayOn
      status.update(
        ClockStatus.Snapshot(planner: planner, activity: .face(0), night: false), applied: inbox.taken)
      return commands
    }
  }

  static var tenSeconds: UInt64 { SystemClock().now() + 10_000_000_000 }

  @Test func theAnswerWaitsUntilTheLoopHasAppliedTheCommand() throws {
    let rig = try Rig()
    let answered = WaitableCount(0)
    let reply = Locked<ControlReply?>(nil)
    let thread = Thread {
      reply.withLock { $0 = rig.handler.handle(.display(on: false)) }
      answered.set(1)
    }
    thread.start()
    #expect(rig.posted.wait(for: 1, until: Self.tenSeconds))
    // Posted, not yet applied: no answer (it would come at once without the wait).
    #expect(answered.value == 0)
    #expect(rig.loopApplies(displayOn: false) == [.display(on: false)])
    #expect(answered.wait(for: 1, until: Self.tenSeconds))
    #expect(reply.withLock { $0 } == .ok)
    #expect(rig.status.snapshot?.planner.displayOn == false)
    #expect(rig.status.appliedCommands == 1)
  }

  @Test func aLoopThatDoesNotGetThereHoldsTheAnswerNoLongerThanTheBound() throws {
    // The bound already past when the request comes: the answer goes out without the loop.
    let rig = try Rig(now: { SystemClock().now() &- ControlRequestHandler.appliedWithin })
    #expect(rig.handler.handle(.display(on: false)) == .ok)
    #expect(rig.status.appliedCommands == 0)
    #expect(rig.inbox.posted == 1)
  }

  @Test func aStatusNobodyCountsHoldsNoAnswer() throws {
    let board = try Fixtures.board()
    let status = ClockStatus()
    status.update(ClockStatus.Snapshot(planner: try Fixtures.planner(), activity: .face(0), night: false))
    let report = ClockStateReport(board: board, status: status, editor: nil, frames: nil, timing: { nil })
    // A bound a minute away: an answer within ten seconds went out because nobody counts.
    let handler = ControlRequestHandler(
      formatter: board.formatter, inbox: ClockInbox(), report: report,
      now: { SystemClock().now() + 60_000_000_000 })
    let answered = WaitableCount(0)
    let reply = Locked<ControlReply?>(nil)
    Thread {
      reply.withLock { $0 = handler.handle(.display(on: false)) }
      answered.set(1)
    }.start()
    #expect(answered.wait(for: 1, until: Self.tenSeconds))
    #expect(reply.withLock { $0 } == .ok)
    #expect(status.appliedCommands == nil)
  }

  @Test func theDaemonLoopCountsTheCommandsItApplied() throws {
    let status = ClockStatus()
    let rig = ClockDaemonTests.Rig(
      planner: try Fixtures.planner(), start: ClockRuntimeControlTests.start, seconds: 3, status: status)
    let inbox = rig.inbox
    rig.clock.schedule(.perform { inbox.post(.display(on: false)) }, after: 1_500_000_000)
    rig.clock.schedule(.perform { inbox.post(.display(on: true)) }, after: 2_500_000_000)
    _ = try rig.daemon.run()
    #expect(status.appliedCommands == 2)
    #expect(status.snapshot?.planner.displayOn == true)
  }
}
