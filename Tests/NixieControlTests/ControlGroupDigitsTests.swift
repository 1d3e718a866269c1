import NixieControl
import Testing

/// `group-digits` in a `show` request (issue 27): a boolean member, in either protocol version,
/// written only when true so that a line without it suits a clock that predates it.
struct ControlGroupDigitsTests {
  @Test(arguments: [
    (#"{"show": "12345", "group-digits": true}"#, true),
    (#"{"show": "12345", "group-digits": false}"#, false),
    (#"{"show": "12345"}"#, false),
    (#"{"version": 2, "show": 12345, "group-digits": true, "seconds": 2}"#, true),
  ])
  func groupDigitsIsABooleanOfShow(_ line: String, _ grouped: Bool) throws {
    let request = try ControlLines.parse(line).get()
    guard case .show(_, _, _, let groupDigits) = request else {
      Issue.record("\(request)")
      return
    }
    #expect(groupDigits == grouped)
  }

  @Test(arguments: [
    #"{"show": "12", "group-digits": "true"}"#, #"{"show": "12", "group-digits": 1}"#,
    #"{"show": "12", "group-digits": null}"#, #"{"show": "12", "group-digits": [true]}"#,
    #"{"show": "12", "group-digits": {}}"#,
  ])
  func anythingButABooleanIsRefusedByName(_ line: String) {
    #expect(throws: ControlRequestError("'group-digits' must be true or false")) {
      try ControlLines.parse(line).get()
    }
  }

  @Test func clearTakesNoGroupDigits() {
    #expect(throws: ControlRequestError("'clear' takes true and nothing else")) {
      try ControlLines.parse(#"{"clear": true, "group-digits": true}"#).get()
    }
  }

  @Test func theLineCarriesItOnlyWhenTrue() throws {
    let grouped = ControlRequest.show(value: "1234", seconds: 5, transition: nil, groupDigits: true)
    #expect(grouped.line == #"{"show": "1234", "seconds": 5.0, "group-digits": true}"#)
    #expect(try ControlLines.parse(grouped.line).get() == grouped)
    let plain = ControlRequest.show(value: "1234", seconds: 5, transition: .slot)
    #expect(plain.line == #"{"show": "1234", "seconds": 5.0, "transition": "slot"}"#)
  }
}
