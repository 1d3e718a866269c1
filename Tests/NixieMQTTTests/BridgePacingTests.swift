import NixieControl
import Testing

@testable import NixieMQTT

/// The bridge's pure parts, on given times: commands coalesced and paced, warning storms said
/// once, and the broker session's backoff and takeovers.
struct BridgePacingTests {
  static func command(_ topic: String, _ value: Int) -> CommandQueue.Command {
    CommandQueue.Command(
      topic: topic, payload: Array(String(value).utf8),
      request: .show(value: String(value), seconds: nil, transition: nil))
  }

  /// Of each topic only the newest waits; topics go in the order they first came; the pace is
  /// 2 a second after a burst of 4; a busy clock's command goes again after a second unless a
  /// newer one took its place.
  @Test func commandsAreCoalescedPacedAndRetried() throws {
    var queue = CommandQueue()
    for value in 1...5000 { queue.add(Self.command("a", value)) }
    queue.add(Self.command("b", 1))
    queue.add(Self.command("a", 5001))
    #expect(queue.due(at: 0) == 0)
    let first = queue.next(at: 0)
    let second = queue.next(at: 0)
    let none = queue.next(at: 0)
    #expect(first == Self.command("a", 5001) && second == Self.command("b", 1))
    #expect(none == nil && queue.due(at: 0) == nil)
    for value in 1...3 { queue.add(Self.command("t\(value)", value)) }
    let burst = [queue.next(at: 0), queue.next(at: 0), queue.next(at: 0)]
    // The burst of 4 is spent: the third waits half a second.
    #expect(burst[0] != nil && burst[1] != nil && burst[2] == nil)
    #expect(queue.due(at: 0) == 500_000_000)
    let turn = queue.next(at: 500_000_000)
    let third = try #require(turn)
    #expect(third == Self.command("t3", 3))
    queue.busy(third, at: 500_000_000)
    #expect(queue.due(at: 500_000_000) == 1_500_000_000)
    let early = queue.next(at: 1_499_999_999)
    let again = queue.next(at: 1_500_000_000)
    #expect(early == nil && again == third)
    // Busy, but a newer one came meanwhile: the newer goes.
    queue.add(Self.command("t3", 4))
    queue.busy(third, at: 2_000_000_000)
    let newer = queue.next(at: 3_000_000_000)
    #expect(newer == Self.command("t3", 4))
    queue.add(Self.command("x", 1))
    queue.add(Self.command("y", 2))
    let all = queue.removeAll()
    #expect(all == [Self.command("x", 1), Self.command("y", 2)])
    #expect(queue.isEmpty)
  }

  /// A storm: the first said, the rest counted, summed up 10 s after the last (or every minute
  /// while it goes on); a single warning ends silently; kinds beyond the 64 followed are said.
  @Test func aStormIsSaidOnceAndSummedUp() {
    var storms = WarningStorms()
    var said = [storms.note("refused a", "1", at: 0)]
    for second in 1...4 {
      said.append(storms.note("refused a", "\(second + 1)", at: UInt64(second) * 1_000_000_000))
    }
    said.append(storms.note("ignored b", "x", at: 0))
    #expect(said == [true, false, false, false, false, true])
    #expect(storms.due == 10_000_000_000)
    let notYet = storms.ended(at: 9_999_999_999)
    #expect(notYet.isEmpty)
    let ended = storms.ended(at: 14_000_000_000)
    #expect(ended.count == 1 && ended.first?.kind == "refused a")
    #expect(
      ended.first?.storm.unsaid == 4 && ended.first?.storm.last == "5"
        && ended.first?.storm.burst.seconds == 4)
    #expect(storms.due == nil)
    // Over: the next is said again.
    let anew = storms.note("refused a", "6", at: 20_000_000_000)
    #expect(anew)
    // A storm that never pauses is summed up every minute.
    for second in 21...80 { _ = storms.note("refused a", "\(second)", at: UInt64(second) * 1_000_000_000) }
    let minute = storms.ended(at: 80_000_000_000)
    #expect(minute.first?.storm.unsaid == 60)
    var many = WarningStorms()
    for kind in 0..<WarningStorms.maximumKinds { _ = many.note("k\(kind)", "", at: 0) }
    let beyond = [many.note("one more", "", at: 0), many.note("one more", "", at: 0)]
    #expect(beyond == [true, true])
  }

  /// Backoff from 1 s doubling to a minute; a connection that held 30 s starts it afresh. A
  /// broker saying another client took the session (142), or connections closed soon after
  /// their login twice in a row (a 3.1.1 broker, or Mosquitto before 2.0.15, says nothing):
  /// five minutes aside.
  @Test func theBrokerSessionBacksOffAndStepsAsideForATakeover() {
    var session = BrokerSession()
    let waits = [session.failed(at: 0), session.failed(at: 0), session.failed(at: 0)]
    #expect(waits == [1_000_000_000, 2_000_000_000, 4_000_000_000])
    session.connected(at: 0)
    let settled = session.ended(code: 7, at: 31_000_000_000)
    #expect(settled.ending == .other && settled.wait == 1_000_000_000)
    session.connected(at: 100_000_000_000)
    let taken = session.ended(code: BrokerSession.sessionTakenOver, at: 200_000_000_000)
    #expect(taken.ending == .takenOver && taken.wait == BrokerSession.takeoverWait)
    var quiet = BrokerSession()
    quiet.connected(at: 0)
    let once = quiet.ended(code: 7, at: 1_000_000_000)
    quiet.connected(at: 2_000_000_000)
    let twice = quiet.ended(code: 7, at: 3_000_000_000)
    #expect(once.ending == .other && once.wait == 1_000_000_000)
    #expect(twice.ending == .probablyTakenOver(times: 2) && twice.wait == BrokerSession.takeoverWait)
    // A connection that held a while is no sign.
    var long = BrokerSession()
    long.connected(at: 0)
    let held = long.ended(code: 7, at: 20_000_000_000)
    long.connected(at: 21_000_000_000)
    let short = long.ended(code: 7, at: 22_000_000_000)
    #expect(held.ending == .other && short.ending == .other)
  }
}
