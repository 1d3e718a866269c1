import ArgumentParser
import NixieText

/// What a usage mistake's message adds: the command that was likely meant, the option that was
/// likely meant, and where to read more — from the parser's own commands and options, at the
/// depth the user typed (`nixie boards check …` is helped with `boards check`'s options).
enum UsageHints {
  /// A command as the user reaches it: the names typed to get there and its type.
  struct Command {
    var names: [String]
    var type: any ParsableCommand.Type

    /// `nixie boards check`, as the user types it.
    var invocation: String { names.joined(separator: " ") }
    /// Its subcommands, by the names a user types.
    var subcommands: [String] { type.configuration.subcommands.map { $0._commandName } }
  }

  /// The commands whose value may start with '-' (a negative number).
  static let takesAValue: Set<String> = ["show", "send"]

  /// The deepest command `arguments` name, and the argument after it (if any).
  static func command(in arguments: [String]) -> (command: Command, next: String?) {
    var command = Command(names: ["nixie"], type: Nixie.self)
    var index = 0
    while index < arguments.count,
      let sub = command.type.configuration.subcommands.first(where: { $0._commandName == arguments[index] })
    {
      command = Command(names: command.names + [arguments[index]], type: sub)
      index += 1
    }
    return (command, index < arguments.count ? arguments[index] : nil)
  }

  /// The long options `command` takes: the first column of its help's option lines.
  static func options(of command: any ParsableCommand.Type) -> [String] {
    let help = Nixie.helpMessage(for: command, columns: 400)
    var found: [String] = []
    for line in help.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("-"), trimmed.count < line.count else { continue }
      let column = trimmed.split(separator: "  ", maxSplits: 1).first ?? trimmed
      for word in column.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "/" })
      where word.hasPrefix("--") && word.count > 2 && !found.contains(String(word)) {
        found.append(String(word))
      }
    }
    return found
  }

  /// The message for a usage mistake in `arguments`, as nixie words it: `nixie: ` and the
  /// parser's sentence, a suggestion where one fits, and the help to see.
  static func message(for error: any Error, arguments: [String]) -> String {
    let (command, next) = command(in: arguments)
    if let typed = next, !typed.hasPrefix("-"), !command.subcommands.isEmpty {
      return unknownCommand(typed, in: command)
    }
    var sentence = Nixie.message(for: error)
    if let first = sentence.first, first.isUppercase, !sentence.hasPrefix("--") {
      sentence = first.lowercased() + sentence.dropFirst()
    }
    if !sentence.contains("Did you mean"), let typed = unknownOption(in: sentence) {
      let known = options(of: command.type).filter { $0 != typed }
      if let guess = Suggestion.closest(to: typed, in: known) {
        sentence += ": did you mean '\(guess)'?"
      } else if let name = command.names.last, takesAValue.contains(name) {
        sentence += " (to show text starting with '-', put '--' before it)"
      }
    }
    sentence = sentence.replacing(". Did you mean", with: ": did you mean")
    return "nixie: \(sentence) (see '\(command.invocation) --help')"
  }

  /// `nixie help TOPIC` for a topic that is no command: the parser would print the top-level
  /// help and succeed; nixie says what was likely meant instead. Nil for anything else.
  static func unknownHelpTopic(in arguments: [String]) -> String? {
    guard arguments.first == "help", arguments.count > 1 else { return nil }
    let (command, next) = command(in: Array(arguments.dropFirst()))
    guard let typed = next, !typed.hasPrefix("-") else { return nil }
    return unknownCommand(typed, in: command)
  }

  /// "unknown command" for `typed` where `command` expects one of its subcommands.
  static func unknownCommand(_ typed: String, in command: Command) -> String {
    let names = command.subcommands
    let guess = Suggestion.closest(to: typed, in: names).map { ": did you mean '\($0)'?" } ?? ""
    let place = command.names.count > 1 ? " for '\(command.invocation)'" : ""
    return "nixie: unknown command '\(Printable.escaped(typed))'\(place)\(guess)"
      + " (commands: \(names.joined(separator: ", ")); see '\(command.invocation) --help')"
  }

  /// The option named in an "unknown option '--x'" sentence.
  static func unknownOption(in sentence: String) -> String? {
    guard let start = sentence.firstRange(of: "nknown option '")?.upperBound,
      let end = sentence[start...].firstIndex(of: "'")
    else { return nil }
    return String(sentence[start..<end])
  }
}
