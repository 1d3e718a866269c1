import NixieControl

/// What the control protocol's suites build their cases from: a line as the clock parses it, and
/// a settings change written as edits of an empty one.
enum ControlLines {
  /// The request `line` parses to, or why it is refused.
  static func parse(_ line: String) -> Result<ControlRequest, ControlRequestError> {
    ControlRequest.parse(Array(line.utf8))
  }

  /// An empty settings change with `edit` applied.
  static func change(_ edit: (inout ClockSettingsChange) -> Void) -> ClockSettingsChange {
    var change = ClockSettingsChange()
    edit(&change)
    return change
  }
}
