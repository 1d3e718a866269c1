import NixieBoardModel
import NixieTransitions
import Testing

/// Software PWM of the backlight lines, on a virtual clock.
struct SoftPWMPacerTests {
  static let channels: [LineRole] = [.red, .green, .blue]

  /// The writes due before `limit`, from `start`.
  static func play(_ pacer: inout SoftPWMPacer, from start: UInt64 = 0, until limit: UInt64) -> [SoftPWMPacer
    .Write]
  {
    var writes: [SoftPWMPacer.Write] = []
    var now = start
    while let write = pacer.next(now: now), write.deadline < limit {
      now = write.deadline
      writes.append(write)
    }
    return writes
  }

  /// The share of `[from, to)` each channel was high.
  static func duty(_ writes: [SoftPWMPacer.Write], _ role: LineRole, from: UInt64, to: UInt64) -> Double {
    var high: UInt64 = 0
    var level = false
    var since = from
    for write in writes where write.deadline < to {
      let time = max(write.deadline, from)
      if level { high += time - since }
      since = time
      level = write.levels.contains(role)
    }
    if level { high += to - since }
    return Double(high) / Double(to - from)
  }

  @Test(arguments: [[0.25, 0.5, 0.99], [0.01, 1, 0], [0.37, 0.37, 0.8]])
  func eachChannelIsHighForItsShareOfEveryPeriod(_ duties: [Double]) {
    var pacer = SoftPWMPacer(channels: Self.channels, frequencyHz: 100)
    pacer.setDuties(duties, at: 0)
    let writes = Self.play(&pacer, until: 100_000_000)
    for (role, duty) in zip(Self.channels, duties) {
      for period in 0..<10 {
        let from = UInt64(period) * 10_000_000
        #expect(
          abs(Self.duty(writes, role, from: from, to: from + 10_000_000) - duty) < 0.001, "\(role) \(period)")
      }
    }
    // At most one write per distinct switching time: the start, then each channel's end.
    #expect(writes.count <= 10 * (1 + Set(duties.filter { $0 > 0 && $0 < 1 }).count))
  }

  @Test func fullAndZeroDutiesWriteOnceAndIdle() {
    var pacer = SoftPWMPacer(channels: Self.channels, frequencyHz: 100)
    pacer.setDuties([1, 0, 1], at: 5)
    #expect(
      pacer.next(now: 5)
        == SoftPWMPacer.Write(
          deadline: 5, lines: [LineSet.role(.red), .role(.green), .role(.blue)],
          levels: [LineSet.role(.red), .role(.blue)]))
    #expect(pacer.next(now: 5) == nil)
    pacer.setDuties([0, 0, 0], at: 100)
    #expect(pacer.next(now: 100)?.levels == [])
    #expect(pacer.next(now: 100) == nil)
  }

  @Test func activeLowLinesAreWrittenInverted() {
    var pacer = SoftPWMPacer(channels: Self.channels, frequencyHz: 100, activeLow: true)
    pacer.setDuties([1, 0, 0], at: 0)
    #expect(pacer.next(now: 0)?.levels == [LineSet.role(.green), .role(.blue)])
    #expect(pacer.allOff.levels == LineSet(Self.channels))
  }
}
