import ArgumentParser
import NixieBoards
import NixieCore

/// `nixie boards`: the built-in board profiles, and checking a profile file.
struct Boards: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the built-in board profiles, print one, or check a profile file.",
    subcommands: [List.self, Print.self, Check.self],
    defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the built-in board profiles.")

    func run() throws {
      for (name, yaml) in BoardCatalog.builtIn {
        let profile = try BoardCatalog.parse(yaml, file: name)
        let marker = name == BoardCatalog.defaultName ? "*" : " "
        print(
          "\(marker) \(name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(profile.summary)")
        if !profile.description.isEmpty {
          print("  \(String(repeating: " ", count: 20)) \(profile.description)")
        }
      }
      print("(* the default; 'nixie boards print NAME' shows a profile to copy and adapt)")
    }
  }

  struct Print: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print a built-in profile's YAML, to start a profile for your own board.")

    @Argument(help: "The built-in board's name.") var name: String

    func run() throws {
      guard let yaml = BoardCatalog.builtIn.first(where: { $0.name == name })?.yaml else {
        throw NixieError(
          .badUsage,
          "no built-in board '\(name)'; built-in: "
            + BoardCatalog.builtIn.map(\.name).joined(separator: ", "))
      }
      print(yaml, terminator: "")
    }
  }

  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Validate a board profile file (exit 65 with file and line if it is wrong).")

    @Argument(help: "The profile file.") var file: String

    func run() throws {
      do {
        let profile = try BoardCatalog.load(.file(file))
        print("\(file): ok: \(profile.name), \(profile.summary)")
      } catch {
        throw NixieError(.badConfiguration, error.description)
      }
    }
  }
}
