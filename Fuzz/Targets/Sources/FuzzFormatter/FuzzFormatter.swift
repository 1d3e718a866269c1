import FuzzSupport
import NixieBoardModel
import NixieBoards
import NixieDisplay

/// The built-in boards and their formatters, made once.
private let boards: [BoardProfile] = BoardCatalog.builtIn.compactMap {
  try? BoardCatalog.parse($0.yaml, file: $0.name)
}
private let formatters = boards.map(\.formatter)

/// Fuzzes `ValueFormatter.format` on every built-in board with any value and any options:
/// the first bytes choose the board, the decimals (none, small, or any Int), the padding, digit
/// grouping and leniency; the rest is the value. A formatted state must have the properties of
/// `FormattedState`; a refusal must say why.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormatter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  Property.check(boards.count == BoardCatalog.builtIn.count, "a built-in board does not parse")
  var input = FuzzInput(data, count: size)
  let choice = input.index(below: boards.count)
  let decimals: Int? =
    switch input.byte() % 4 {
    case 0: nil
    case 1: Int(Int8(truncatingIfNeeded: input.int64(bytes: 1)))
    case 2: Int(Int16(truncatingIfNeeded: input.int64(bytes: 2)))
    default: Int(input.int64())
    }
  // The padding's byte: its lowest bit the padding, the next one digit grouping.
  let paddingByte = input.byte()
  let options = FormatOptions(
    decimals: decimals, padding: paddingByte & 1 == 1 ? .zero : .blank, lenient: input.flag(),
    groupDigits: paddingByte & 2 == 2)
  let value = input.restAsText()
  let state: DisplayState
  do {
    state = try formatters[choice].format(value, options: options)
  } catch {
    Property.check(!error.description.isEmpty, "an empty message for \(error.reason)")
    return 0
  }
  FormattedState.check(state, on: boards[choice], value: value)
  return 0
}
