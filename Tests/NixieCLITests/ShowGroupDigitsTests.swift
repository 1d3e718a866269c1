import Foundation
import Testing

/// `nixie show --group-digits` (issue 27) as a user runs it on the simulator: the layout, the
/// refusal of a value too long with its gaps, and on the decoded wire (the frames log) tubes
/// that do not change staying lit, untouched, through the cross-fade.
struct ShowGroupDigitsTests {
  @Test(arguments: [
    (["--group-digits", "12345"], "12  3 45"), (["--group-digits", "999"], "    9 99"),
    (["--group-digits", "1000"], " 1  0 00"), (["--group-digits", "--pad", "zero", "42"], "00  0 42"),
    (["--group-digits", "1234.5678", "--decimals", "0"], " 1  2 35"),
    (["--group-digits", "12:34"], "12:34   "),
  ])
  func laysOutGroups(_ arguments: [String], _ expected: String) throws {
    #expect(try ShowCommandTests.text(arguments) == expected)
  }

  @Test(arguments: [
    (
      ["--group-digits", "1234567"],
      "it needs 9 tubes (with 2 gaps between groups of digits) and hv5622-6xin14 has 6"
    ),
    (["--group-digits", "--lenient", "1234567"], "it needs 9 tubes"),
    (["--group-digits", "-12345"], "negative number"),
    (["--group-digits", "--from", "1234567", "5"], "--from: cannot show \"1234567\": it needs 9 tubes"),
    (["--group-digits", "1e4000"], "tubes"),
  ])
  func refusesWhatDoesNotFitWithExitTwo(_ arguments: [String], _ named: String) throws {
    let result = try NixieProcess.run(["show", "--backend", "sim"] + arguments)
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains(named), "\(result.stderr)")
    #expect(!result.stderr.contains("Fatal error"))
  }

  @Test func aNewUnitsDigitChangesOnlyTheUnitsTubeOnTheWire() throws {
    let (status, stderr, frames) = try ShowTransitionTests.frames([
      "--group-digits", "--from", "12345", "12346", "--transition", "crossfade", "--fade-ms", "300",
    ])
    #expect(status == 0, "\(stderr)")
    #expect(frames.count > 10)
    // hv5622-6xin14: tube tube colon tube tube colon tube tube; the gap is the third tube.
    let steady: [[String]] = [["1"], ["2"], [], [], ["3"], [], ["4"]]
    // The outputs lit at the start and at the end: the 1, 2, 3 and 4 that stay.
    let first = try #require(frames.first)
    let last = try #require(frames.last)
    let outputs = Set(first.outputs).intersection(last.outputs)
    for frame in frames {
      #expect(Array(frame.positions.prefix(7)) == steady, "\(frame.positions)")
      #expect([[], ["5"], ["6"]].contains(frame.positions[7]), "\(frame.positions)")
    }
    // The steady tubes' outputs are on in every frame: never rewritten dark.
    #expect(outputs.count >= 4)
    for frame in frames { #expect(outputs.isSubset(of: frame.outputs), "\(frame.outputs)") }
    #expect(frames.first?.text == "12  3 45")
    #expect(frames.last?.text == "12  3 46")
  }

  @Test func aNewGroupFadesEachTubeFromItsOldDigitToItsNew() throws {
    let (status, stderr, frames) = try ShowTransitionTests.frames([
      "--group-digits", "--from", "999", "1000", "--transition", "crossfade", "--fade-ms", "300",
    ])
    #expect(status == 0, "\(stderr)")
    for frame in frames {
      // The tube left of the thousands, the gap's tube and the colons stay dark throughout.
      for position in [0, 2, 3, 5] { #expect(frame.positions[position] == [], "\(frame.positions)") }
      #expect([[], ["1"]].contains(frame.positions[1]), "\(frame.positions)")
      for position in [4, 6, 7] {
        #expect([[], ["9"], ["0"]].contains(frame.positions[position]), "\(frame.positions)")
      }
    }
    #expect(frames.first?.text == "    9 99")
    #expect(frames.last?.text == " 1  0 00")
    // Every changing tube cross-fades: its new digit comes in while its old one still glows.
    for position in [4, 6, 7] {
      let firstNew = try #require(frames.firstIndex { $0.positions[position] == ["0"] })
      let lastOld = try #require(frames.lastIndex { $0.positions[position] == ["9"] })
      #expect(firstNew < lastOld, "tube at \(position)")
    }
  }
}
