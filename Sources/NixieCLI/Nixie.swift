import ArgumentParser

/// The `nixie` command: drive nixie-tube displays from Linux.
struct Nixie: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nixie",
    abstract: "Drive nixie-tube displays: show values, run a clock, pick with a knob.",
    discussion: """
      Exit codes: 0 success, 1 cancelled, 2 bad usage or value, 65 bad configuration or \
      board file, 69 hardware unavailable, 70 internal error.
      """,
    version: NixieVersion.current,
    subcommands: [
      Show.self, Clock.self, Send.self, Select.self, Boards.self, Doctor.self, TestPattern.self,
      Bench.self,
    ]
  )
}
