import NixieCore
import NixieText
import NixieYAMLFiles

extension BoardCatalog {
  /// `nixie boards`' listing, one string a line: each built-in board with its summary (the
  /// default marked `*`, its description on a line of its own) and a closing note; with
  /// `json`, one line holding a JSON array of the boards' summaries.
  public static func listing(json: Bool) throws(YAMLFileError) -> [String] {
    let width = 20
    var lines: [String] = []
    var entries: [String] = []
    for (name, yaml) in builtIn {
      let profile = try parse(yaml, file: name)
      if json {
        entries.append(profile.summaryJSON(isDefault: name == defaultName))
        continue
      }
      let marker = name == defaultName ? "*" : " "
      lines.append("\(marker) \(padded(name, width)) \(profile.summary)")
      if !profile.description.isEmpty { lines.append("  \(padded("", width)) \(profile.description)") }
    }
    if json { return [JSONText.array(json: entries)] }
    lines.append("(* the simulator's default; 'nixie boards print NAME' shows a profile to copy and adapt)")
    return lines
  }

  /// The YAML text of the built-in board `name`; for any other name a usage error that lists
  /// the built-in ones and suggests the closest.
  public static func builtInYAML(named name: String) throws(NixieError) -> String {
    if let yaml = builtIn.first(where: { $0.name == name })?.yaml { return yaml }
    let names = builtIn.map(\.name)
    let guess = Suggestion.closest(to: name, in: names).map { "did you mean \($0)? " } ?? ""
    throw NixieError(
      .badUsage, "no built-in board '\(name)' (\(guess)built-in: \(names.joined(separator: ", ")))")
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
