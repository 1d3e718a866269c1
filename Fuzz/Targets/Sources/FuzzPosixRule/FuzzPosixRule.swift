import FuzzSupport
import NixieTime

/// Fuzzes the POSIX TZ rule parser (`PosixTimeZoneRule(parsing:)`, the `TZ` variable and a
/// TZif file's footer) with any text. A refusal points at a column (a byte) of the text and quotes
/// nothing raw. An accepted rule makes a zone with the properties of `ZoneProperties`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPosixRule(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let text = input.restAsText()
  let rule: PosixTimeZoneRule
  do {
    rule = try PosixTimeZoneRule(parsing: text)
  } catch {
    if case .invalidRule(let column) = error.reason {
      // Columns count bytes; a text over the length limit is refused at the column past it.
      let columns = min(text.utf8.count, 255) + 1
      Property.check((1...columns).contains(column), "column \(column) of \(columns): \(error)")
    }
    Property.checkPrintable(error.description, "the error")
    return 0
  }
  ZoneProperties.check(ZoneCalendar(identifier: text, rule: rule), around: [])
  return 0
}
