import FuzzSupport
import NixieControl
import NixieMQTT

/// The commands a clock has, and a few it has not.
private let names = [
  "display", "night", "brightness", "show-seconds", "fade-ms", "show", "face", "volume", "",
]

/// Fuzzes the MQTT command payloads (`BridgeCommand.request`, what `nixie mqtt` makes of a
/// message on `nixie/NODE/NAME/set`, and `faceValue`, of one on a topic face's topic) with any
/// bytes, on a clock whose faces the input chooses. A refusal says why in a short line that
/// quotes nothing raw; an accepted command is a request the clock parses back to itself (what
/// the control socket will read), and a whole number accepted is one every byte of the payload
/// spelled.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBridgeCommand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let name = names[input.index(below: names.count)]
  var state = ClockState()
  let faces: [ClockState.Face] = [
    .pattern("HH:mm:ss"), .pattern("dd.MM.yy"), .topic("home/t"), .pattern("HH:mm:ss"),
  ]
  state.faces = Array(faces.prefix(input.index(below: faces.count + 1)))
  let payload = input.rest()
  switch BridgeCommand.request(
    name: name, payload: payload, state: state, groupDigits: payload.count % 2 == 0)
  {
  case .failure(let error):
    Property.check(
      !error.message.isEmpty && error.message.count < 400, "refusal \(error.message.debugDescription)")
    Property.checkPrintable(error.message, "the refusal")
  case .success(let request):
    let again = ControlRequest.parse(Array(request.line.utf8))
    Property.check(
      again == .success(request), "\(request) written as \(request.line.debugDescription) parses as \(again)")
    if case .change = request {
      let text = String(decoding: payload, as: UTF8.self)
      Property.check(
        !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" && $0 != "\n" && $0 != "\r" },
        "a number taken from \(text.debugDescription)")
    }
  }
  switch BridgeCommand.faceValue(payload) {
  case .failure(let error): Property.checkPrintable(error.message, "the refusal")
  case .success(let value):
    Property.check(
      !value.isEmpty && value.utf8.count <= BridgeCommand.maximumValueBytes, "value \(value.debugDescription)"
    )
  }
  return 0
}
