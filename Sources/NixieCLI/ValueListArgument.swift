import ArgumentParser

/// The VALUE... a command chooses from. Values may be negative numbers (`nixie select -- -5 0
/// 5` or simply `nixie select -5 0 5`); other text starting with `-` needs `--` before it.
struct ValueListArgument: ParsableArguments {
  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp("The values to choose from, in order (at least one).", valueName: "value"))
  var parts: [String] = []

  /// Everything but the first `--`.
  var values: [String] {
    guard let separator = parts.firstIndex(of: "--") else { return parts }
    var values = parts
    values.remove(at: separator)
    return values
  }

  func validate() throws {
    let afterSeparator = parts.firstIndex(of: "--") ?? parts.endIndex
    for part in parts[..<afterSeparator] where part.hasPrefix("-") && !Self.isNumber(part) {
      throw ValidationError(
        "unknown option '\(part)' (to offer a value starting with '-', put '--' before it)")
    }
    guard !values.isEmpty else { throw ValidationError("missing the values to choose from") }
  }

  private static func isNumber(_ text: String) -> Bool {
    text.dropFirst().first.map { $0.isNumber || $0 == "." } ?? false
  }
}
