import NixieBoardModel
import NixieInput
import NixieTransports
import Testing

/// The decoder on contact sequences: exactly one step per detent, nothing for bounce, wobble,
/// reversals, jumps and missed edges. Codes as in `QuadratureTableTests` ("10" = A closed).
struct QuadratureDecoderTests {
  @Test(arguments: [
    ("clean detent clockwise", "10 11 01 00", "+"),
    ("clean detent counterclockwise", "01 11 10 00", "-"),
    (
      "three detents each way", "10 11 01 00 10 11 01 00 10 11 01 00 01 11 10 00 01 11 10 00 01 11 10 00",
      "+++---"
    ),
    ("bounce as A closes", "10 00 10 00 10 11 01 00", "+"),
    ("bounce as B closes", "10 11 10 11 10 11 01 00", "+"),
    ("bounce as A opens", "10 11 01 11 01 11 01 00", "+"),
    ("bounce as B opens", "10 11 01 00 01 00 01 00", "+"),
    ("bounce as B closes, counterclockwise", "01 00 01 00 01 11 10 00", "-"),
    ("bounce as A closes, counterclockwise", "01 11 01 11 10 00", "-"),
    ("bounce as B opens, counterclockwise", "01 11 10 11 10 00", "-"),
    ("bounce as A opens, counterclockwise", "01 11 10 00 10 00 10 00", "-"),
    ("wobble past half-way and back", "10 11 01 11 10 11 01 11 10 00", ""),
    ("wobble past half-way, then on", "10 11 01 11 10 11 01 00", "+"),
    ("reversal at a quarter", "10 00", ""),
    ("reversal at half", "10 11 10 00", ""),
    ("reversal at three quarters", "10 11 01 11 10 00", ""),
    ("reversal at a quarter, counterclockwise", "01 00", ""),
    ("reversal at half, counterclockwise", "01 11 01 00", ""),
    ("reversal at three quarters, counterclockwise", "01 11 10 11 01 00", ""),
    ("reversal at a quarter, then a detent back", "10 00 01 11 10 00", "-"),
    ("illegal jump from rest, then back to rest", "11 00", ""),
    ("illegal jump from rest, on to rest", "11 01 00", ""),
    ("illegal jump at a quarter", "10 01 00", ""),
    ("illegal jump at half", "10 11 00", ""),
    ("illegal jump at three quarters", "10 11 01 10 00", ""),
    ("illegal jump, then a clean detent", "10 01 00 10 11 01 00", "+"),
    ("missed edge: B closing", "10 01 00", ""),
    ("missed edge: A opening", "10 11 00", ""),
    ("missed edge, then a clean detent", "10 11 00 10 11 01 00", "+"),
  ])
  func fullStepSequences(_ name: String, _ codes: String, _ expected: String) {
    var decoder = decoder()
    #expect(walk(&decoder, codes) == expected, "\(name)")
  }

  @Test(arguments: [
    ("10", "11 01 00 10 11 01 00", "+"), ("11", "01 00 10 11 01 00", "+"),
    ("01", "00 10 11 01 00", "+"), ("01", "11 10 00 01 11 10 00", "-"),
    ("11", "10 00", ""),
  ])
  func startingBetweenDetentsWaitsForTheNextRest(_ start: String, _ codes: String, _ expected: String) {
    var decoder = decoder(start: Substring(start))
    #expect(walk(&decoder, codes) == expected)
  }

  @Test func aRepeatedLevelChangesNothing() {
    var decoder = decoder()
    var detents: [Detent] = []
    let clean: [(LineRole, Bool)] = [(.a, false), (.b, false), (.a, true), (.b, true)]
    var time: UInt64 = 0
    for (role, high) in clean {
      for _ in 0..<3 {
        time += ms(1)
        if let detent = decoder.feed(LineEvent(role, high: high, at: time)) { detents.append(detent) }
      }
    }
    #expect(signs(detents) == "+")
    #expect(detents.first?.time == ms(10), "the detent is stamped with the edge that completed it")
    #expect(decoder.feed(LineEvent(.b, high: true, at: time + 1)) == nil)
    #expect(decoder.feed(LineEvent(.sw, high: false, at: time + 2)) == nil)
    #expect(decoder.stateName == "rest")
  }

  @Test(arguments: 0..<4)
  func aLostEdgeMakesNothingAndTheNextDetentCounts(_ lost: Int) {
    var decoder = decoder()
    let clean: [(LineRole, Bool)] = [(.a, false), (.b, false), (.a, true), (.b, true)]
    var detents: [Detent] = []
    for (index, (role, high)) in (clean + clean).enumerated() where index != lost {
      if let detent = decoder.feed(LineEvent(role, high: high, at: ms(Double(index + 1)))) {
        detents.append(detent)
      }
    }
    #expect(signs(detents) == "+")
    #expect(detents.first?.time == ms(8))
  }

  /// Settings: the physical levels of one clockwise detent on the default knob (A leads,
  /// active low), decoded with other settings.
  @Test func reverseSwapsTheDirection() {
    var plain = decoder()
    var reversed = QuadratureDecoder(settings: QuadratureSettings(reverse: true), a: true, b: true)
    let events = [
      LineEvent(.a, high: false, at: 1), LineEvent(.b, high: false, at: 2), LineEvent(.a, high: true, at: 3),
      LineEvent(.b, high: true, at: 4),
    ]
    #expect(signs(events.compactMap { plain.feed($0) }) == "+")
    #expect(signs(events.compactMap { reversed.feed($0) }) == "-")
  }

  @Test func activeHighContactsCloseHigh() {
    let settings = QuadratureSettings(activeLow: false)
    var decoder = QuadratureDecoder(settings: settings, a: false, b: false)
    #expect(decoder.stateName == "rest")
    let events = [
      LineEvent(.a, high: true, at: 1), LineEvent(.b, high: true, at: 2), LineEvent(.a, high: false, at: 3),
      LineEvent(.b, high: false, at: 4),
    ]
    #expect(signs(events.compactMap { decoder.feed($0) }) == "+")
    #expect(QuadratureDecoder(settings: settings, a: true, b: true).stateName == "lost")
  }

  @Test(arguments: [
    ("10 11", "+"), ("10 11 01 00", "++"), ("01 11 10 00", "--"), ("10 00", ""), ("10 11 10 11", "+"),
    ("10 11 01 11", "+"), ("10 01 00", ""), ("10 11 01 11 01 00", "++"),
  ])
  func halfStepCountsAtBothRests(_ codes: String, _ expected: String) {
    var decoder = decoder(QuadratureSettings(detentsPerCycle: .two))
    #expect(walk(&decoder, codes) == expected)
  }

  @Test(arguments: [("10 11 01 00", "++++"), ("01 11 10 00", "----"), ("10 00 10", "+-+"), ("11 00", "")])
  func quarterStepCountsEveryEdge(_ codes: String, _ expected: String) {
    var decoder = decoder(QuadratureSettings(detentsPerCycle: .four))
    #expect(walk(&decoder, codes) == expected)
  }

  @Test func boardWiringGivesTheSettings() throws {
    let wiring = EncoderWiring(
      chip: "c", a: 1, b: 2, pushSwitch: 3, activeLow: false, reverse: true, detentsPerCycle: 2)
    let settings = try #require(QuadratureSettings(wiring: wiring))
    #expect(settings == QuadratureSettings(activeLow: false, reverse: true, detentsPerCycle: .two))
    var odd = wiring
    odd.detentsPerCycle = 3
    #expect(QuadratureSettings(wiring: odd) == nil)
  }
}
