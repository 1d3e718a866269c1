import ArgumentParser

/// The VALUE a command shows. It may be a negative number: `nixie show -5` reaches the
/// command instead of being taken for an option (other text starting with `-` needs `--`).
struct ValueArgument: ParsableArguments {
  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      "A number (right-aligned: 42, -1.5, 1e3) or any other text (left-aligned: 09:41:00).",
      valueName: "value"))
  var parts: [String] = []

  /// The values given (without `--`).
  var values: [String] { parts.filter { $0 != "--" } }

  /// The value, after `requireOne()` has checked there is exactly one.
  var value: String { values.first ?? "" }

  func validate() throws {
    let afterSeparator = parts.firstIndex(of: "--").map { parts.index(after: $0) } ?? parts.endIndex
    for (index, part) in parts.enumerated() where index < afterSeparator && part.hasPrefix("-") {
      if part == "--" { continue }
      if Self.isNumber(part) { continue }
      throw ValidationError("unknown option '\(part)'")
    }
  }

  /// Checks there is exactly one value.
  func requireOne() throws {
    guard values.count == 1 else {
      throw ValidationError(
        values.isEmpty
          ? "missing the value to show"
          : "expected one value, got \(values.count): \(values.joined(separator: " ")) (quote a value with spaces)"
      )
    }
  }

  private static func isNumber(_ text: String) -> Bool {
    let rest = text.dropFirst()
    return rest.first.map { $0.isNumber || $0 == "." } ?? false
  }
}
