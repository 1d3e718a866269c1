import FuzzSupport
import NixieBoardModel
import NixieBoards
import NixieDisplay

/// Values every accepted board formats, strictly and leniently: digits, separators, a sign,
/// letters, a long number.
private let probes = ["0", "12:34", "12:34:56", "-1.5", "8.8.8.", "'", "AB", "-", "1234567890123"]

/// Fuzzes the board-profile parser (`BoardCatalog.parse`) with any text. A refusal points at a
/// place inside the text (or at none) and quotes nothing raw. An accepted profile must be
/// usable: its formatter lays out a few values with the properties of `FormattedState`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoardProfile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let text = input.restAsText()
  let board: BoardProfile
  do {
    board = try BoardCatalog.parse(text, file: "fuzz.yaml")
  } catch {
    if let line = error.line {
      let lines = TextLines(Array(text.utf8))
      Property.check(
        lines.contains(line: line, column: error.column ?? 1),
        "error outside the text (lines: \(lines.characterCounts)): \(error.description)")
    }
    Property.checkPrintable(error.description, "the error")
    return 0
  }
  let formatter = board.formatter
  for value in probes {
    for lenient in [false, true] {
      guard let state = try? formatter.format(value, options: FormatOptions(lenient: lenient)) else {
        continue
      }
      FormattedState.check(state, on: board, value: value)
    }
  }
  return 0
}
