import NixieTransitions
import NixieWireDecoders
import Testing

/// The multiplexed NCM109 on the wire: one 32-bit frame per anode group, read by the decoder of
/// the vendor's frame (digits, group bits, dots) and timed by `MultiplexScan`: every tube at
/// 100 Hz or more, a dark gap between groups, never two groups at once, fades and dimming
/// inside the scan.
struct NCM109WireTests {
  static func scan(_ rig: WireRig) throws -> (MultiplexScan, [DecodedFrame<NCM109Frame>]) {
    let chips: RegisterChips = rig.board.chip.name == "HV5222" ? .hv5222 : .hv5122
    let frames = try NCM109Protocol.frames(in: try rig.logicTrace(), chips: chips)
    return (MultiplexScan(frames: frames), frames)
  }

  static let table: [(value: String, reading: String)] = [
    ("12:34:56", "123456"),
    ("00:00:00", "000000"),
    ("987654", "987654"),
    ("1 2 3 ", "1 2 3 "),
  ]

  @Test(arguments: [nil, "HV5222"] as [String?])
  func everyValueReadsAsTheVendorsFramesScannedFastEnough(_ fitted: String?) throws {
    let rig = try WireRig("ncm109", fitted: fitted)
    var checkpoints: [UInt64] = []
    for (value, _) in Self.table {
      try rig.show(value, settle: 100_000_000)
      checkpoints.append(rig.clock.now() - rig.origin - 1)
    }
    let (scan, frames) = try Self.scan(rig)
    for ((value, reading), time) in zip(Self.table, checkpoints) {
      let round = try #require(scan.scans.last { $0.time <= time }, "'\(value)'")
      #expect(round.reading.text == reading, "'\(value)' on \(fitted ?? "HV5122")")
    }
    // Colons: both dots lit in every frame of a value with colons.
    let colonFrames = frames.filter {
      $0.time <= checkpoints[0] && $0.time > 10_000_000 && !$0.reading.groups.isEmpty
    }
    #expect(colonFrames.allSatisfy { $0.reading.upperDot && $0.reading.lowerDot })
    #expect(frames.allSatisfy { $0.reading.unusedBits == 0 && $0.reading.groups.count <= 1 })
    for group in 1...3 {
      let periods = scan.refreshPeriods(of: group)
      #expect(periods.count >= 55)
      #expect(periods.allSatisfy { $0 <= 10_000_000 }, "group \(group): \(periods.max() ?? 0) ns")
    }
    #expect(scan.overlaps.isEmpty)
    #expect(scan.gapsBetweenGroups.allSatisfy { $0 >= 40_000 }, "\(scan.gapsBetweenGroups.min() ?? 0)")
    #expect(rig.sim.display.violations.isEmpty)
  }

  @Test func dimmingShortensEveryVisitAlike() throws {
    let rig = try WireRig("ncm109")
    try rig.show("123456", settle: 50_000_000)
    let from = rig.clock.now() - rig.origin
    try rig.setBrightness(0.5, for: 100_000_000)
    let (scan, _) = try Self.scan(rig)
    let visits = scan.visits.filter { $0.start > from + 10_000_000 && $0.end < from + 90_000_000 }
    let slot = 1_000_000_000 / 150 / 3 - 40_000
    #expect(!visits.isEmpty)
    for visit in visits {
      let share = Double(visit.litTime) / Double(slot)
      #expect(abs(share - 0.5) < 0.05, "group \(visit.group): \(share)")
    }
    #expect(scan.scans.last?.reading.text == "123456")
  }

  @Test func aCrossFadeRunsInsideEachGroupsVisit() throws {
    let rig = try WireRig("ncm109")
    try rig.show("111111", settle: 20_000_000)
    let start = rig.clock.now() - rig.origin
    let end = try rig.show(
      "222222", transition: TransitionSpec(.crossfade, duration: 300_000_000, curve: .linear))
    let (scan, _) = try Self.scan(rig)
    let middle = start + (end - rig.origin - start) / 2
    let visit = try #require(scan.visits.first { $0.start >= middle && $0.group == 1 })
    // Half-way, a visit shows the old digit for part of it and the new for another part.
    #expect(
      visit.parts.contains { $0.left == [1] } && visit.parts.contains { $0.left == [2] }, "\(visit.parts)")
    #expect(scan.scans.last?.reading.text == "222222")
    #expect(scan.overlaps.isEmpty)
  }
}
