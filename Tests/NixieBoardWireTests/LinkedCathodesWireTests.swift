import NixieDisplay
import NixieWireDecoders
import Testing

/// Cathodes wired together, proven on the wire: for values and test-pattern steps that touch
/// them, what the vendor's decoder reads from the trace (Omnixie's colon line, the NCM109's
/// two dot bits) is what the display state says — the state the terminal view and the SVG
/// draw — and what the simulator's chip model shows.
struct LinkedCathodesWireTests {
  /// The digits of `state` left to right, a space for a dark tube: what the decoders' tube
  /// readings say, without the separators.
  static func digits(_ state: DisplayState, _ layout: DisplayLayout) -> String {
    String(
      zip(layout.positions, layout.text(of: state)).filter { $0.0.isTube }.map(\.1))
  }

  /// Whether `state` lights `dot` of the separator at `position`.
  static func lights(_ state: DisplayState, _ layout: DisplayLayout, _ position: Int, _ dot: Cathode) -> Bool
  {
    layout.positions[position].wiredIndex(of: dot).map(state.lit[position].contains) ?? false
  }

  /// The states to show on a board: each value as the formatter lays it out, then every test
  /// pattern step of a separator.
  static func states(_ rig: WireRig, values: [String]) throws -> [(label: String, state: DisplayState)] {
    let layout = rig.board.layout
    let formatted = try values.map { value in (value, try rig.board.formatter.format(value)) }
    let steps = layout.testPattern.filter { !layout.positions[$0.position].isTube }.map {
      ($0.label, $0.state)
    }
    return formatted + steps
  }

  /// The six tubes as the group visits between `start` and `end` lit them: a group with no
  /// visit (nothing of it lit, so the scan skips it) shows two dark tubes.
  static func tubes(_ scan: MultiplexScan, from start: UInt64, to end: UInt64) -> String {
    var items: [TubeReading.Item] = []
    for group in 1...scan.groupCount {
      let parts = scan.visits.filter { $0.group == group && $0.start >= start && $0.end <= end }
        .flatMap(\.parts)
      items.append(.tube(lit: Array(Set(parts.flatMap(\.left))).sorted()))
      items.append(.tube(lit: Array(Set(parts.flatMap(\.right))).sorted()))
    }
    return TubeReading(items: items).text
  }

  @Test func omnixieColonLineIsWhatTheStateShows() throws {
    let rig = try WireRig("omnixie-ntdb")
    let layout = rig.board.layout
    let colon = try #require(layout.positions.firstIndex { !$0.isTube })
    let shown = try Self.states(rig, values: ["12:34", "98:76", "1234", "5"])
    var checkpoints: [UInt64] = []
    for (label, state) in shown {
      try rig.show(state: state)
      checkpoints.append(rig.clock.now() - rig.origin - 1)
      #expect(rig.sim.display.state == state, "\(label): the chip model shows what the state says")
    }
    let trace = try rig.logicTrace()
    let frames = try OmnixieProtocol.frames(in: trace)
    let line = try trace.wire(WireNames.colon)
    for ((label, state), time) in zip(shown, checkpoints) {
      let lit = trace.level(of: line, at: time)
      #expect(Self.lights(state, layout, colon, .upperDot) == lit, "\(label): upper dot")
      #expect(Self.lights(state, layout, colon, .lowerDot) == lit, "\(label): lower dot")
      let digits = Self.digits(state, layout)
      if digits.contains(where: { $0 != " " }) {
        let frame = try #require(frames.latest(at: time), "\(label)")
        #expect(frame.reading.text == digits, "\(label)")
      }
    }
    #expect(rig.sim.display.violations.isEmpty)
  }

  @Test(arguments: [nil, "HV5222"] as [String?])
  func ncm109DotBitsAreWhatTheStateShows(_ fitted: String?) throws {
    let rig = try WireRig("ncm109", fitted: fitted)
    let layout = rig.board.layout
    let colons = layout.positions.indices.filter { !layout.positions[$0].isTube }
    #expect(colons.count == 2)
    let shown = try Self.states(rig, values: ["12:34:56", "12.34.56", "1:2", "1:23", "123456"])
    var checkpoints: [UInt64] = []
    for (label, state) in shown {
      try rig.show(state: state, settle: 60_000_000)
      checkpoints.append(rig.clock.now() - rig.origin - 1)
      #expect(rig.sim.display.state == state, "\(label): the chip model shows what the state says")
    }
    let chips: RegisterChips = rig.board.chip.name == "HV5222" ? .hv5222 : .hv5122
    let frames = try NCM109Protocol.frames(in: try rig.logicTrace(), chips: chips)
    let scan = MultiplexScan(frames: frames)
    for ((label, state), time) in zip(shown, checkpoints) {
      // The last 20 ms before the checkpoint: three rounds of the scan, every frame steady.
      let window = frames.filter { $0.time <= time && $0.time + 20_000_000 > time }
      let lit = window.filter { !$0.reading.groups.isEmpty || $0.reading.upperDot || $0.reading.lowerDot }
      #expect(!lit.isEmpty, "\(label)")
      for colon in colons {
        let upper = Self.lights(state, layout, colon, .upperDot)
        let lower = Self.lights(state, layout, colon, .lowerDot)
        #expect(lit.allSatisfy { $0.reading.upperDot == upper && $0.reading.lowerDot == lower }, "\(label)")
      }
      #expect(Self.tubes(scan, from: time - 20_000_000, to: time) == Self.digits(state, layout), "\(label)")
    }
    #expect(rig.sim.display.violations.isEmpty)
  }
}
