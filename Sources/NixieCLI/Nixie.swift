import ArgumentParser
import NixieCore

/// The `nixie` command: drive nixie-tube displays from Linux.
struct Nixie: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "nixie",
    abstract: "Drive nixie-tube displays: show values, run a clock, pick with a knob.",
    discussion: """
      Exit codes: \(NixieError.exitCodeSummary).

      EXAMPLES:
        # the clock on the simulated board, in this terminal
        nixie clock --backend sim
        # a value on your board (nixie boards lists them)
        nixie show 1234 --board mcp23017-4xin12
        # what this machine lacks for the board, and how to fix it
        nixie doctor --board ncs314
      """,
    version: NixieVersion.current,
    subcommands: [
      Show.self, Clock.self, Send.self, Select.self, Boards.self, Doctor.self, TestPattern.self, Blank.self,
      Bench.self, Web.self, MQTT.self, Wear.self, Buzz.self,
    ]
  )
}
