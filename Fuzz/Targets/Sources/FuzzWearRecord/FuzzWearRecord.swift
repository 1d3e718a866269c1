import FuzzSupport
import NixieBoardModel
import NixieBoards
import NixieTransitions

/// The built-in boards' layouts, made once.
private let layouts = BoardCatalog.builtIn.compactMap {
  try? BoardCatalog.parse($0.yaml, file: $0.name).layout
}

/// Fuzzes the wear file (`WearRecord.read`: the cathodes' glow times a clock keeps in its state
/// directory, which may be cut short by a crash or edited by hand) against a built-in board's
/// layout the first byte chooses. A refusal says why without raw characters; a record taken
/// fits the layout, and written again and read back it is the same to the nanosecond.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWearRecord(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  Property.check(layouts.count == BoardCatalog.builtIn.count, "a built-in board does not parse")
  var input = FuzzInput(data, count: size)
  let layout = layouts[input.index(below: layouts.count)]
  let bytes = input.rest()
  do throws(WearRecordError) {
    let wear = try WearRecord.read(bytes, layout: layout)
    Property.check(wear.fits(layout), "a record taken does not fit its layout")
    let again = try WearRecord.read(Array(WearRecord.text(wear, layout: layout).utf8), layout: layout)
    Property.check(again == wear, "a record written and read back differs")
  } catch {
    Property.checkPrintable(error.description, "the refusal")
  }
  return 0
}
