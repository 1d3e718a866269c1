import ArgumentParser
import NixieCore

/// What a usage mistake's message adds: the command that was likely meant, the option that was
/// likely meant, and where to read more — from the parser's own list of commands and options.
enum UsageHints {
  /// The subcommands, by the names a user types.
  static var commands: [(name: String, type: any ParsableCommand.Type)] {
    Nixie.configuration.subcommands.map { ($0._commandName, $0) }
  }

  /// The commands whose value may start with '-' (a negative number).
  static let takesAValue: Set<String> = ["show", "send"]

  /// The long options `command` takes, read from its help.
  static func options(of command: any ParsableCommand.Type) -> [String] {
    let help = Nixie.helpMessage(for: command, columns: 400)
    var found: [String] = []
    var word = ""
    for character in help + " " {
      if character.isLetter || character.isNumber || character == "-" {
        word.append(character)
      } else {
        if word.hasPrefix("--"), word.count > 2, !found.contains(word) { found.append(word) }
        word = ""
      }
    }
    return found
  }

  /// The message for a usage mistake in `arguments`, as nixie words it: `nixie: ` and the
  /// parser's sentence, a suggestion where one fits, and the help to see.
  static func message(for error: any Error, arguments: [String]) -> String {
    let command = arguments.first.flatMap { name in commands.first { $0.name == name } }
    if command == nil, let typed = arguments.first, !typed.hasPrefix("-") {
      let names = commands.map(\.name)
      let guess = Suggestion.closest(to: typed, in: names).map { ": did you mean '\($0)'?" } ?? ""
      return
        "nixie: unknown command '\(typed)'\(guess) (commands: \(names.joined(separator: ", ")); see 'nixie --help')"
    }
    var sentence = Nixie.message(for: error)
    if let first = sentence.first, first.isUppercase, !sentence.hasPrefix("--") {
      sentence = first.lowercased() + sentence.dropFirst()
    }
    if let command, !sentence.contains("Did you mean"), let typed = unknownOption(in: sentence) {
      if let guess = Suggestion.closest(to: typed, in: options(of: command.type)) {
        sentence += ": did you mean '\(guess)'?"
      } else if takesAValue.contains(command.name) {
        sentence += " (to show text starting with '-', put '--' before it)"
      }
    }
    sentence = sentence.replacing(". Did you mean", with: ": did you mean")
    let help = command.map { "nixie \($0.name) --help" } ?? "nixie --help"
    return "nixie: \(sentence) (see '\(help)')"
  }

  /// The option named in an "unknown option '--x'" sentence.
  static func unknownOption(in sentence: String) -> String? {
    guard let start = sentence.firstRange(of: "nknown option '")?.upperBound,
      let end = sentence[start...].firstIndex(of: "'")
    else { return nil }
    return String(sentence[start..<end])
  }
}
