import NixieBoardModel
import NixieDisplay
import NixieTestBoards
import Testing

/// The board map between frames and chip outputs, both ways.
struct OutputMapTests {
  let board = TestBoards.reference()

  @Test func referenceMapPutsDigitOneAtTheTubesFirstPosition() throws {
    let formatter = board.formatter
    #expect(board.outputs.encode(try formatter.format("1")).onOutputs == [54])
    #expect(board.outputs.encode(try formatter.format("0")).onOutputs == [63])
    #expect(board.outputs.encode(try formatter.format("1     ")).onOutputs == [0])
    #expect(board.outputs.encode(try formatter.format("0     ")).onOutputs == [9])
    #expect(board.outputs.encode(try formatter.format("  :  :  ")).onOutputs == [20, 21, 42, 43])
    #expect(board.outputs.encode(try formatter.format("  '  .  ")).onOutputs == [20, 43])
  }

  @Test func decodeInvertsEncodeForEveryDigitOnEveryTube() throws {
    for (index, position) in board.layout.positions.enumerated() {
      for cathode in position.wired.indices {
        var state = board.layout.blank
        state.lit[index] = .only(cathode)
        #expect(board.outputs.decode(board.outputs.encode(state)) == state)
      }
    }
  }

  @Test func bcdTubeEncodesTheDigitAndBlanksWithFifteen() {
    let model = TubeModel.in12A
    let codes = (0..<10).map { Optional($0) }
    let wiring = OutputMap.PositionWiring(
      direct: Array(repeating: nil, count: 10),
      bcd: OutputMap.BCDWiring(outputs: [4, 5, 6, 7], codes: codes, blank: 15))
    let map = OutputMap(positions: [wiring], outputCount: 8)
    for digit in 0...9 {
      let state = DisplayState(lit: [.only(model.index(of: .digit(digit))!)])
      let bits = map.encode(state)
      #expect(bits.value(at: [4, 5, 6, 7]) == digit)
      #expect(bits.value(at: [0, 1, 2, 3]) == 0)
      #expect(map.decode(bits) == state)
    }
    let dark = map.encode(DisplayState(lit: [.none]))
    #expect(dark.value(at: [4, 5, 6, 7]) == 15)
    #expect(map.decode(dark) == DisplayState(lit: [.none]))
    // Inputs 10–14 light nothing on a K155ID1.
    #expect(map.decode(OutputBits(count: 8, on: [5, 7])) == DisplayState(lit: [.none]))
  }

  @Test func outputBitsStoreEveryPosition() {
    var bits = OutputBits(count: 130)
    for output in [0, 63, 64, 127, 129] { bits[output] = true }
    #expect(bits.onOutputs == [0, 63, 64, 127, 129])
    bits.clear()
    #expect(bits.isAllOff)
  }

  @Test(arguments: [1, 8, 63, 64, 65, 96, 128, 130])
  func shiftingUpMovesEveryOutputOnePlaceAndDropsTheTop(_ count: Int) {
    var bits = OutputBits(count: count)
    var expected = [Bool](repeating: false, count: count)
    var generator = UInt64(0x9E37_79B9_7F4A_7C15)
    for _ in 0..<(3 * count + 5) {
      generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let bit = generator >> 63 == 1
      bits.shiftUp(inserting: bit)
      expected = [bit] + expected.dropLast()
      guard (0..<count).allSatisfy({ bits[$0] == expected[$0] }) else {
        Issue.record("count \(count): \(bits.onOutputs) != \(expected.indices.filter { expected[$0] })")
        return
      }
    }
    // Nothing leaks past the last output: a full register equals one built output by output.
    #expect(bits == OutputBits(count: count, on: expected.indices.filter { expected[$0] }))
  }
}
