import NixieDisplay
import NixieTestBoards
import NixieText
import Testing

/// The `text` and JSON forms of a display state (docs/INTERFACE.md).
struct DisplayStateTests {
  let layout = TestLayouts.reference

  @Test func textShowsAQuestionMarkWhenTwoMainCathodesAreLit() {
    var state = layout.blank
    state.lit[0] = CathodeSet(bits: 0b11)
    #expect(layout.text(of: state) == "?       ")
  }

  @Test func separatorTextFollowsItsDots() {
    var state = layout.blank
    state.lit[2] = .only(0)
    state.lit[5] = .only(1)
    #expect(layout.text(of: state) == "  '  .  ")
    state.lit[2] = CathodeSet(bits: 0b11)
    #expect(layout.text(of: state) == "  :  .  ")
  }

  @Test func jsonKeepsTheMemberOrderOfTheInterface() throws {
    let state = try ValueFormatter(layout: layout, boardName: "b").format("12:3456")
    #expect(
      layout.json(of: state, board: "hv5622-6xin14")
        == #"{"board": "hv5622-6xin14", "positions": [["1"], ["2"], ["upper", "lower"], ["3"], ["4"], [], ["5"], ["6"]], "text": "12:34 56"}"#
    )
    #expect(
      layout.json(of: state, board: "b", extra: [("mono_ns", "5")]).hasSuffix(
        #""text": "12:34 56", "mono_ns": 5}"#))
  }

  @Test func jsonEscapesControlCharactersAndQuotes() {
    #expect(JSONText.quoted("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u0001""#)
  }

  @Test func minusIsWrittenAsAHyphen() throws {
    let state = try ValueFormatter(layout: TestLayouts.signed, boardName: "b").format("-1")
    #expect(TestLayouts.signed.cathodeNames(of: state)[0] == ["-"])
  }
}
