import ArgumentParser
import NixieClock
import NixieCore

/// `nixie send VALUE`: ask a running `nixie clock` to show a value for a while.
struct Send: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Ask a running nixie clock to show a value for a while (control socket).",
    discussion: """
      Exit codes: 0 shown, 2 the clock refused the value (the message says why), 69 no clock \
      is listening on the socket.
      """)

  @OptionGroup var value: ValueArgument

  @Option(help: ArgumentHelp("How long to show it (0 < SECONDS ≤ 3600).", valueName: "seconds"))
  var seconds: Double = 5

  @Option(help: "How the value arrives: none, crossfade, fade or slot (default: the clock's).")
  var transition: TransitionSpec.Kind?

  @Option(help: ArgumentHelp("The clock's control socket.", valueName: "path"))
  var socket: String = ClockConfiguration.Control().socket

  func validate() throws {
    guard seconds > 0, seconds <= ControlRequest.maximumSeconds else {
      throw ValidationError("--seconds must be above 0 and at most 3600")
    }
  }

  func run() throws {
    let refusal: String?
    do {
      refusal = try ControlClient.send(
        .show(value: value.value, seconds: seconds, transition: transition), to: socket)
    } catch {
      throw NixieError(.unavailable, error.description)
    }
    if let refusal { throw NixieError(.badUsage, "the clock refused: \(refusal)") }
  }
}
