import FuzzSupport
import NixieYAMLFiles
import NixieWeb

/// Fuzzes `nixie web`'s settings file (`WebConfiguration.parse`, web.yaml) with any bytes. A
/// refusal points at a place inside the text and quotes nothing raw; accepted settings listen
/// somewhere, on numeric addresses with a port, and name a socket that is an absolute path.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let bytes = input.rest()
  let configuration: WebConfiguration
  do {
    configuration = try WebConfiguration.parse(bytes: bytes, file: "web.yaml")
  } catch {
    FilePlace.check(line: error.line, column: error.column, description: error.description, in: bytes)
    return 0
  }
  Property.check(!configuration.listen.isEmpty, "listens nowhere")
  for address in configuration.listen {
    Property.check((1...65_535).contains(address.port), "port \(address.port)")
  }
  if let socket = configuration.socket {
    Property.check(socket.hasPrefix("/"), "socket \(socket.debugDescription)")
  }
  for host in configuration.allowedHosts { Property.checkPrintable(host, "an allowed host") }
  return 0
}
