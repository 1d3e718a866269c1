import FuzzSupport
import NixieWeb

/// Fuzzes `nixie web`'s HTTP request parser (`HTTPRequestParser`, the one parser facing the
/// network) with any bytes, fed as a client might send them: whole, and in pieces whose sizes
/// the input's first bytes choose. Both ways reach the same outcome (a request, a refusal, or
/// more wanted); a refusal has a message that quotes nothing raw; a request is one the routes
/// can trust: GET, HEAD or POST, a path from `/` of visible ASCII within the limits, header
/// names in lower case, a body of exactly its Content-Length.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let pieces = (0..<4).map { _ in 1 + Int(input.byte()) }
  let bytes = input.rest()
  var whole = HTTPRequestParser()
  let outcome = whole.feed(bytes)
  var parts = HTTPRequestParser()
  var offset = 0
  var step = 0
  var inPieces = HTTPRequestParser.Outcome.needMore
  while offset < bytes.count {
    let end = min(bytes.count, offset + pieces[step % pieces.count])
    inPieces = parts.feed(Array(bytes[offset..<end]))
    offset = end
    step += 1
  }
  if bytes.isEmpty { inPieces = parts.feed([]) }
  Property.check(outcome == inPieces, "whole: \(outcome); in pieces \(pieces): \(inPieces)")
  switch outcome {
  case .needMore:
    break
  case .failure(let error):
    Property.check(!error.message.isEmpty, "a refusal without a message")
    Property.checkPrintable(error.message, "the refusal")
  case .request(let request):
    let limits = HTTPLimits()
    Property.check(
      ["GET", "HEAD", "POST"].contains(request.method), "method \(request.method.debugDescription)")
    Property.check(request.path.hasPrefix("/"), "path \(request.path.debugDescription)")
    let target = request.path.utf8.count + (request.query.isEmpty ? 0 : request.query.utf8.count + 1)
    Property.check(target <= limits.maximumTargetBytes, "a target of \(target) bytes")
    Property.check(
      (request.path + request.query).utf8.allSatisfy { (0x21...0x7E).contains($0) },
      "a target with bytes outside visible ASCII: \(request.path.debugDescription)")
    Property.check(request.headers.count <= limits.maximumHeaders, "\(request.headers.count) headers")
    for header in request.headers {
      Property.check(header.name == header.name.lowercased() && !header.name.isEmpty, "header \(header.name)")
    }
    let length = request.header("content-length").flatMap { Int($0) } ?? 0
    Property.check(
      request.body.count == length, "a body of \(request.body.count) bytes, Content-Length \(length)")
    Property.check(request.body.count <= limits.maximumBodyBytes, "a body of \(request.body.count) bytes")
  }
  return 0
}
