import NixieBoardModel
import NixieInput
import NixieTransports
import Testing

/// Merging per-line event queues (libgpiod 1.6: one 16-event kernel queue per line) by
/// timestamp, and recovering from a queue that overflowed during a fast spin.
struct LineEventMergerTests {
  @Test func interleavesTheLinesByTimestamp() {
    var merger = LineEventMerger(roles: [.a, .b])
    merger.add(
      [LineEvent(.a, high: false, at: 1), LineEvent(.a, high: true, at: 5)], from: .a, completeUpTo: 10)
    merger.add(
      [LineEvent(.b, high: false, at: 3), LineEvent(.b, high: true, at: 7)], from: .b, completeUpTo: 10)
    #expect(merger.release().map(\.time) == [1, 3, 5, 7])
    #expect(merger.release().isEmpty)
  }

  @Test func holdsBackWhatAnotherLineMayStillPrecede() {
    var merger = LineEventMerger(roles: [.a, .b])
    merger.add(
      [LineEvent(.a, high: false, at: 1), LineEvent(.a, high: true, at: 9)], from: .a, completeUpTo: 10)
    #expect(merger.release().isEmpty, "nothing before every line has been read")
    merger.add([LineEvent(.b, high: false, at: 3)], from: .b, completeUpTo: 4)
    #expect(merger.watermark == 4)
    #expect(merger.release().map(\.time) == [1, 3])
    merger.add([LineEvent(.b, high: true, at: 7)], from: .b, completeUpTo: 12)
    #expect(merger.release().map(\.time) == [7, 9])
  }

  @Test func drainsEverythingAtTheEndAndSortsABatch() {
    var merger = LineEventMerger(roles: [.a, .b, .sw])
    merger.add(
      [LineEvent(.a, high: false, at: 8), LineEvent(.a, high: true, at: 2)], from: .a, completeUpTo: 10)
    merger.add([LineEvent(.sw, high: false, at: 5)], from: .sw, completeUpTo: 10)
    #expect(merger.release().isEmpty)
    #expect(merger.drain().map(\.time) == [2, 5, 8])
  }

  @Test func equalTimestampsKeepLineOrder() {
    var merger = LineEventMerger(roles: [.b, .a])
    merger.add([LineEvent(.b, high: false, at: 4)], from: .b, completeUpTo: 4)
    merger.add([LineEvent(.a, high: false, at: 4)], from: .a, completeUpTo: 4)
    #expect(merger.release().map(\.role) == [.a, .b])
  }

  /// A kernel in miniature: each line's queue holds 16 events and drops what comes when it is
  /// full; the reader drains every line every `readEvery` ns, as the adapter does after poll().
  struct KernelQueues {
    static let capacity = 16
    var queues: [LineRole: [LineEvent]] = [.a: [], .b: []]
    var levels: [LineRole: Bool] = [.a: true, .b: true]
    var dropped = 0

    mutating func happen(_ event: LineEvent) {
      levels[event.role] = event.high
      if queues[event.role, default: []].count < Self.capacity {
        queues[event.role, default: []].append(event)
      } else {
        dropped += 1
      }
    }

    /// Reads every line's queue at `time` into `merger`; with `resync`, a line whose queue was
    /// full is followed by its current level (what the adapter must do).
    mutating func read(at time: UInt64, into merger: inout LineEventMerger, resync: Bool) {
      for role in [LineRole.a, .b] {
        var events = queues[role, default: []]
        queues[role] = []
        if resync && events.count == Self.capacity, let level = levels[role] {
          events.append(LineEvent(role, high: level, at: time))
        }
        merger.add(events, from: role, completeUpTo: time)
      }
    }
  }

  /// 40 detents at 1 ms per edge read every 50 ms overflow both queues; then five slow detents.
  static func spin(resync: Bool) -> (fast: [Detent], slow: [Detent], dropped: Int) {
    let waveform = QuadratureWaveform(settings: QuadratureSettings())
    let fast = waveform.changes(.clockwise, count: 40, a: true, b: true, at: ms(1), period: ms(4))
    let slowStart = ms(400)
    let slow = waveform.changes(.clockwise, count: 5, a: true, b: true, at: slowStart, period: ms(40))
    var kernel = KernelQueues()
    var merger = LineEventMerger(roles: [.a, .b])
    var decoder = QuadratureDecoder(a: true, b: true)
    var detents: [Detent] = []
    var pending = (fast + slow)[...]
    var time: UInt64 = 0
    while time < ms(700) {
      time += ms(1)
      while let next = pending.first, next.time <= time {
        kernel.happen(next)
        pending = pending.dropFirst()
      }
      let readEvery = time < slowStart ? ms(50) : ms(5)
      if time % readEvery == 0 {
        kernel.read(at: time, into: &merger, resync: resync)
        detents += merger.release().compactMap { decoder.feed($0) }
      }
    }
    return (detents.filter { $0.time < slowStart }, detents.filter { $0.time >= slowStart }, kernel.dropped)
  }

  @Test func afterAnOverflowTheDecoderRecoversAtTheNextRest() {
    let (fast, slow, dropped) = Self.spin(resync: false)
    #expect(dropped > 0, "the spin must overflow the queues for this test to mean anything")
    #expect(fast.count < 40)
    #expect(fast.allSatisfy { $0.direction == .clockwise })
    #expect(slow.allSatisfy { $0.direction == .clockwise })
    #expect(slow.count >= 4, "at most the first detent after the overflow is lost")
    #expect(slow.count <= 5)
  }

  @Test func readingTheLevelAfterAFullQueueLosesNothingAfterTheSpin() {
    let (fast, slow, dropped) = Self.spin(resync: true)
    #expect(dropped > 0)
    #expect(fast.allSatisfy { $0.direction == .clockwise })
    #expect(slow.count == 5)
  }
}
