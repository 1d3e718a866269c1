import NixieClockSettings

/// A nixie.yaml given as text, read as the clock reads its file: the one home of the
/// configuration tests' `parse` and `refusal`.
enum ConfigurationText {
  /// The configuration `text` describes, named `nixie.yaml` in its messages.
  static func parse(_ text: String) throws -> ClockConfiguration {
    try ClockConfiguration.parse(bytes: Array(text.utf8), file: "nixie.yaml")
  }

  /// The message `text` is refused with, or "accepted".
  static func refusal(_ text: String) -> String {
    do {
      _ = try ClockConfiguration.parse(bytes: Array(text.utf8), file: "nixie.yaml")
      return "accepted"
    } catch {
      return error.description
    }
  }
}
