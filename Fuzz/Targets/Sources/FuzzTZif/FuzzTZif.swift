import FuzzSupport
import NixieTime

/// Fuzzes the TZif reader (`TZifFile(parsing:name:)`, RFC 8536) with any bytes. A refusal
/// points at a byte of the file (or a column of its footer) and quotes nothing raw. An
/// accepted file makes a zone with the properties of `ZoneProperties`, probed around its
/// first and last transitions.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTZif(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let bytes = input.rest()
  let file: TZifFile
  do {
    file = try TZifFile(parsing: bytes, name: "Fuzz/Zone")
  } catch {
    switch error.reason {
    case .malformedFile(let offset):
      Property.check((0...bytes.count).contains(offset), "byte \(offset) of \(bytes.count): \(error)")
    case .invalidRule(let column):
      Property.check((1...bytes.count + 1).contains(column), "footer column \(column): \(error)")
    default: break
    }
    Property.checkPrintable(error.description, "the error")
    return 0
  }
  Property.check(
    file.transitions.count == file.transitionTypes.count && !file.types.isEmpty
      && file.transitionTypes.allSatisfy { Int($0) < file.types.count },
    "\(file.transitions.count) transitions, \(file.transitionTypes.count) types of them, \(file.types.count) types"
  )
  let zone = ZoneCalendar(identifier: "Fuzz/Zone", file: file)
  ZoneProperties.check(zone, around: Array(file.transitions.prefix(6) + file.transitions.suffix(6)))
  return 0
}
