import NixieAlarms
import Testing

/// What the buzzer's line does for a tune, in numbers: a square wave's edges on a grid of
/// half periods from each note's start, the line inactive at each note's end and in rests; on
/// and off for an active buzzer; the levels inverted for a buzzer active low.
struct BuzzerWaveformTests {
  /// One second of A5 (880 Hz): 880 cycles, each an inactive half then an active half.
  @Test func aNoteIsASquareWaveAtItsPitch() throws {
    let tune = try RTTTLParser.parse("a:d=4,o=5,b=60:a")
    let edges = Array(BuzzerWaveform(tune: tune, squareWave: true, activeHigh: true))
    #expect(edges.count == 2 * 880)
    let half = 1e9 / 880 / 2
    for (index, edge) in edges.enumerated() {
      #expect(edge.high == index.isMultiple(of: 2))
      #expect(abs(Double(edge.at) - Double(index + 1) * half) <= 0.5)
    }
    #expect(edges.last?.high == false)
    #expect(edges.allSatisfy { $0.at <= 1_000_000_000 })
  }

  /// A note whose end falls in an active half ends there; a rest has no edges.
  @Test func aNoteEndsInactiveAndARestIsSilent() throws {
    // 32nd notes at 120 bpm: 62.5 ms; C4 (261.6 Hz) has 16.35 cycles in it.
    let tune = try RTTTLParser.parse("c:d=32,o=4,b=120:c,p,c")
    let edges = Array(BuzzerWaveform(tune: tune, squareWave: true, activeHigh: true))
    let first = edges.filter { $0.at <= 62_500_000 }
    #expect(first.last?.high == false)
    #expect(!edges.contains { $0.at > 62_500_000 && $0.at <= 125_000_000 })
    #expect(edges.last?.high == false)
    #expect(zip(edges, edges.dropFirst()).allSatisfy { $0.at < $1.at && $0.high != $1.high })
  }

  /// An active buzzer: on for each stretch of notes, off for rests; active low inverts it.
  @Test func anActiveBuzzerIsOnForNotesAndOffForRests() throws {
    let tune = try RTTTLParser.parse("t:d=4,o=5,b=60:a,c,p,e,2p")
    let edges = Array(BuzzerWaveform(tune: tune, squareWave: false, activeHigh: false))
    #expect(
      edges == [
        .init(at: 0, high: false), .init(at: 2_000_000_000, high: true),
        .init(at: 3_000_000_000, high: false), .init(at: 4_000_000_000, high: true),
      ])
    #expect(BuzzerWaveform(tune: tune, squareWave: false, activeHigh: false).restingHigh)
  }
}
