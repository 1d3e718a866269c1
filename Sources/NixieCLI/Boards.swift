import ArgumentParser
import NixieBoards
import NixieCore
import NixieSystem

/// `nixie boards`: the built-in board profiles, and checking a profile file.
struct Boards: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the built-in board profiles, print one, or check a profile file.",
    discussion: """
      EXAMPLES:
        # the built-in profiles, one a line
        nixie boards
        # the same as JSON, for scripts
        nixie boards --json
        # start your own profile
        nixie boards print mcp23017-4xin12 > my-board.yaml
        # exit 65 with file:line:column if it is wrong
        nixie boards check my-board.yaml
      """,
    subcommands: [List.self, Print.self, Check.self],
    defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the built-in board profiles.",
      discussion: """
        EXAMPLES:
          nixie boards list
          nixie boards list --json | python3 -c 'import json,sys; print([b["name"] for b in json.load(sys.stdin)])'
        """)

    @Flag(help: "Print a JSON array of the boards instead.") var json = false

    func run() throws {
      let out = FileStream.standardOutput
      for line in try BoardCatalog.listing(json: json) { out.line(line) }
    }
  }

  struct Print: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print a built-in profile's YAML, to start a profile for your own board.",
      discussion: """
        EXAMPLES:
          nixie boards print hv5622-6xin14 > my-board.yaml
        """)

    @Argument(help: "The built-in board's name.") var name: String

    func run() throws {
      let yaml = try BoardCatalog.builtInYAML(named: name)
      let out = FileStream.standardOutput
      out.write(yaml)
      out.flush()
    }
  }

  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Validate a board profile file (exit 65 with file and line if it is wrong).",
      discussion: """
        EXAMPLES:
          nixie boards check my-board.yaml
        """)

    @Argument(help: "The profile file.") var file: String

    func run() throws {
      do {
        let profile = try BoardCatalog.load(.file(file))
        FileStream.standardOutput.line("\(file): ok: \(profile.name), \(profile.summary)")
      } catch {
        throw NixieError(.badConfiguration, error.description)
      }
    }
  }
}
