import NixieControl
import NixieTransitions
import Testing

/// The control protocol's requests: what `nixie send` writes is what the clock reads back.
struct ControlRequestTests {
  @Test(arguments: [
    ControlRequest.clear,
    .show(value: "1234", seconds: 5, transition: nil),
    .show(value: "12:34", seconds: 0.5, transition: .slot),
    .show(value: "-1.5", seconds: 3600, transition: TransitionSpec.Kind.none),
    .show(value: "say \"hi\"\\", seconds: 1, transition: .crossfade),
  ])
  func aRequestLineParsesBackToTheSameRequest(_ request: ControlRequest) throws {
    #expect(try ControlRequest.parse(Array(request.line.utf8)).get() == request)
  }

  @Test func aShowLineIsOneJSONObjectOnOneLine() {
    let line = ControlRequest.show(value: "42", seconds: 5, transition: .fade).line
    #expect(line == #"{"show": "42", "seconds": 5.0, "transition": "fade"}"#)
  }
}
