import NixieInput
import NixieTestSupport
import NixieTransports
import Testing

/// Property: random contact bounce around the edges of N clean detents still yields exactly
/// those N detents, in order (seeded, so a failure repeats).
struct DecoderPropertyTests {
  static let period = ms(20)

  /// N random detents as clean level changes, then with 0–4 bounces (pairs of extra toggles of
  /// the same contact) just before or just after each edge, inside half the edge spacing.
  static func bouncyDetents(
    _ settings: QuadratureSettings, using rng: inout SplitMix64
  ) -> (directions: [RotaryDirection], events: [LineEvent]) {
    let waveform = QuadratureWaveform(settings: settings)
    let spacing = period / UInt64(waveform.edgesPerDetent)
    var a = settings.level(closed: false)
    var b = a
    var directions: [RotaryDirection] = []
    var events: [LineEvent] = []
    var time = ms(10)
    for _ in 0..<Int.random(in: 1...25, using: &rng) {
      let direction: RotaryDirection = Bool.random(using: &rng) ? .clockwise : .counterclockwise
      directions.append(direction)
      for edge in waveform.changes(direction, count: 1, a: a, b: b, at: time, period: period) {
        if edge.role == .a { a = edge.high } else { b = edge.high }
        let toggles = 2 * Int.random(in: 0...4, using: &rng)
        let offsets = (0..<toggles).map { _ in UInt64.random(in: 1..<(spacing / 2), using: &rng) }.sorted()
        let levels = (0..<toggles).map { $0.isMultiple(of: 2) ? !edge.high : edge.high }
        if Bool.random(using: &rng) {
          // After the edge: the contact springs back and settles.
          events.append(edge)
          for (offset, high) in zip(offsets, levels) {
            events.append(LineEvent(edge.role, high: high, at: edge.time + offset))
          }
        } else {
          // Before it: the contact touches a few times, then the edge itself.
          for (offset, high) in zip(offsets.reversed(), levels) {
            events.append(LineEvent(edge.role, high: !high, at: edge.time - offset))
          }
          events.append(edge)
        }
      }
      time += period
    }
    return (directions, events)
  }

  static let settings: [QuadratureSettings] = [
    QuadratureSettings(), QuadratureSettings(reverse: true), QuadratureSettings(activeLow: false),
    QuadratureSettings(detentsPerCycle: .two),
    QuadratureSettings(activeLow: false, reverse: true, detentsPerCycle: .two),
  ]

  @Test(arguments: settings.indices)
  func randomBounceAroundEveryEdgeStillYieldsExactlyTheDetents(_ index: Int) {
    let settings = Self.settings[index]
    var rng = SplitMix64(state: 0x5EED_0000 + UInt64(index))
    for trial in 0..<300 {
      let (directions, events) = Self.bouncyDetents(settings, using: &rng)
      #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
      let open = settings.level(closed: false)
      var decoder = QuadratureDecoder(settings: settings, a: open, b: open)
      let decoded = events.compactMap { decoder.feed($0) }.map(\.direction)
      #expect(decoded == directions, "trial \(trial): \(directions.count) detents")
      if decoded != directions { return }
    }
  }

  /// With a detent at every edge, bounce cannot be told from wobble: the detents it adds
  /// cancel out, so the net movement is still exact.
  @Test func quarterStepBounceCancelsOut() {
    let settings = QuadratureSettings(detentsPerCycle: .four)
    var rng = SplitMix64(state: 0x5EED_0044)
    for _ in 0..<300 {
      let (directions, events) = Self.bouncyDetents(settings, using: &rng)
      var decoder = QuadratureDecoder(settings: settings, a: true, b: true)
      let net = events.compactMap { decoder.feed($0) }.reduce(0) { $0 + $1.direction.sign }
      #expect(net == directions.reduce(0) { $0 + $1.sign })
    }
  }
}
