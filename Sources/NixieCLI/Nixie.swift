import ArgumentParser
import NixieCore

/// The `nixie` command: drive nixie-tube displays from Linux.
struct Nixie: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nixie",
    abstract: "Drive nixie-tube displays: show values, run a clock, pick with a knob.",
    discussion: "Exit codes: \(NixieError.exitCodeSummary).",
    version: NixieVersion.current,
    subcommands: [
      Show.self, Clock.self, Send.self, Select.self, Boards.self, Doctor.self, TestPattern.self,
      Bench.self,
    ]
  )
}
