import FuzzSupport
import NixieControl

/// Fuzzes the control protocol's request parser (`ControlRequest.parse`) with any line. A
/// refusal must say why; an accepted request's `line` (what `nixie send` writes for it) must
/// parse back to the same request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzControlRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  switch ControlRequest.parse(input.rest()) {
  case .failure(let error):
    Property.check(!error.message.isEmpty, "a refusal without a message")
  case .success(let request):
    let line = request.line
    let again = ControlRequest.parse(Array(line.utf8))
    Property.check(
      again == .success(request), "\(request) written as \(line.debugDescription) parses as \(again)")
  }
  return 0
}
