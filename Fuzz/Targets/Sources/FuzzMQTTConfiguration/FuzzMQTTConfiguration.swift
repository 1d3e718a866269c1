import FuzzSupport
import NixieYAMLFiles
import NixieMQTT

/// Fuzzes `nixie mqtt`'s settings file (`MQTTConfiguration.parse`, mqtt.yaml) with any bytes. A
/// refusal points at a place inside the text and quotes nothing raw; accepted settings keep to
/// what the file documents: a node id and a prefix Home Assistant takes, a port, a keep-alive in
/// range, absolute paths, and the places of the paths checked later inside the text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMQTTConfiguration(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let bytes = input.rest()
  let configuration: MQTTConfiguration
  do {
    configuration = try MQTTConfiguration.parse(bytes: bytes, file: "mqtt.yaml")
  } catch {
    FilePlace.check(line: error.line, column: error.column, description: error.description, in: bytes)
    return 0
  }
  if let node = configuration.nodeID {
    Property.check(MQTTConfiguration.nodeIDProblem(node) == nil, "node id \(node.debugDescription)")
  }
  Property.check(
    MQTTConfiguration.prefixProblem(configuration.prefix) == nil, "prefix \(configuration.prefix)")
  Property.check((1...65_535).contains(configuration.resolvedPort), "port \(configuration.resolvedPort)")
  Property.check(
    MQTTConfiguration.keepAliveRange.contains(configuration.keepAliveSeconds),
    "keep-alive \(configuration.keepAliveSeconds)")
  for path in [configuration.caFile, configuration.passwordFile, configuration.socket].compactMap({ $0 }) {
    Property.check(path.hasPrefix("/"), "a path \(path.debugDescription)")
  }
  Property.check(configuration.caFile == nil || configuration.tls, "a ca-file without tls")
  Property.check(
    configuration.passwordFile == nil || configuration.username != nil, "a password file without a user")
  let lines = TextLines(bytes)
  for (key, place) in configuration.places {
    Property.check(
      lines.contains(line: place.line, column: place.column), "\(key)'s place \(place) outside the text")
    // Its message at that place, for a file that turns out missing, quotes nothing raw.
    Property.checkPrintable(configuration.mistake(key, "cannot be read").message, "the mistake")
  }
  return 0
}
