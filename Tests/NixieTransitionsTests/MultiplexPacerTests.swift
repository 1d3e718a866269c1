import NixieBoardModel
import NixieDisplay
import NixieTestBoards
import NixieTransitions
import Testing

/// The scan of anode groups in time, on a virtual clock: every frame lights one group (or
/// none), each slot starts dark, every group comes round at the scan rate, and fades and
/// dimming happen inside the visits.
struct MultiplexPacerTests {
  static let layout = TestLayouts.reference
  /// Tubes 1–2 group 0, 3–4 group 1, 5–6 group 2, colons in every group.
  static let groups: [Int?] = [0, 0, nil, 1, 1, nil, 2, 2]
  static let wiring = MultiplexWiring(scanHz: 150, blankNanoseconds: 40_000, groupCount: 3)

  static func state(_ text: String) throws -> DisplayState {
    try ValueFormatter(layout: layout, boardName: "test").format(text)
  }

  /// Plays the pacer until `limit`, returning every write with its deadline.
  static func play(_ pacer: inout MultiplexPacer, until limit: UInt64) -> [(
    time: UInt64, frame: DisplayState
  )] {
    var writes: [(UInt64, DisplayState)] = []
    var now: UInt64 = 0
    while case .write(let deadline) = pacer.next(now: now), deadline < limit {
      now = deadline
      writes.append((deadline, pacer.frame))
    }
    return writes
  }

  /// The group a frame lights: the group of every lit tube, nil when only colons or nothing.
  static func group(of frame: DisplayState) -> Set<Int> {
    Set(frame.lit.indices.compactMap { frame.lit[$0].isEmpty ? nil : groups[$0] })
  }

  @Test func everyFrameLightsOneGroupAndEveryGroupComesRoundAtTheScanRate() throws {
    var pacer = MultiplexPacer(layout: Self.layout, wiring: Self.wiring, groups: Self.groups)
    pacer.show(try Self.state("12:34:56"), transition: .none, at: 0)
    let writes = Self.play(&pacer, until: 100_000_000)
    #expect(writes.allSatisfy { Self.group(of: $0.frame).count <= 1 })
    let slot = Self.wiring.slotNanoseconds
    for group in 0..<3 {
      let starts = writes.filter { Self.group(of: $0.frame) == [group] }.map(\.time)
      #expect(starts.count >= 14)
      #expect(zip(starts.dropFirst(), starts).allSatisfy { $0 - $1 == 3 * slot }, "group \(group)")
    }
    // Each slot: dark for the blank time, then its group.
    for (index, write) in writes.enumerated() where write.frame.isDark {
      if index + 1 < writes.count { #expect(writes[index + 1].time - write.time == 40_000) }
    }
    let lit = writes.filter { !$0.frame.isDark }.map(\.frame)
    #expect(lit.allSatisfy { $0.lit[2] == (try? Self.state("12:34:56"))?.lit[2] })
  }

  @Test func aDarkDisplaySettlesAndIdles() throws {
    var pacer = MultiplexPacer(layout: Self.layout, wiring: Self.wiring, groups: Self.groups)
    pacer.show(try Self.state("1"), transition: .none, at: 0)
    _ = Self.play(&pacer, until: 20_000_000)
    pacer.show(Self.layout.blank, transition: .none, at: 20_000_000)
    var now: UInt64 = 20_000_000
    var steps = 0
    while case .write(let deadline) = pacer.next(now: now) {
      now = deadline
      steps += 1
      #expect(steps < 10)
    }
    #expect(pacer.frame.isDark)
    #expect(pacer.isIdle)
  }

  @Test func dimmingShortensTheLitPartOfEverySlot() throws {
    var pacer = MultiplexPacer(layout: Self.layout, wiring: Self.wiring, groups: Self.groups)
    pacer.show(try Self.state("88:88:88"), transition: .none, at: 0)
    pacer.setBrightness(0.5, at: 0)
    let writes = Self.play(&pacer, until: 60_000_000)
    var lit: UInt64 = 0
    for (write, next) in zip(writes, writes.dropFirst())
    where write.time >= 20_000_000 && next.time <= 40_000_000 {
      if !Self.group(of: write.frame).isEmpty { lit += next.time - write.time }
    }
    let slots = 20_000_000.0 / Double(Self.wiring.slotNanoseconds)
    let share = Double(lit) / (slots * Double(Self.wiring.slotNanoseconds - 40_000))
    #expect(abs(share - 0.5) < 0.05, "\(share)")
  }
}
