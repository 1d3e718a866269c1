import ArgumentParser
import NixieControl
import NixieTransitions

/// `nixie send VALUE`: ask a running `nixie clock` to show a value for a while.
struct Send: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Ask a running nixie clock to show a value for a while (control socket).",
    discussion: """
      Exit codes: 0 shown, 2 the clock refused the value (the message says why), 69 no clock \
      is listening on the socket (or it may not be used), 75 the clock is busy, or did not \
      answer within 3 s (stopped or hung): try again.

      EXAMPLES:
        # show 1234 for 5 s, then the clock again
        nixie send 1234
        nixie send 12:34 --seconds 30 --transition slot
        # a blank tube between groups of three digits: 12 345
        nixie send --group-digits 12345
        # back to the clock at once
        nixie send --clear
        # a clock started with --socket
        nixie send 42 --socket /tmp/my.sock
      """)

  @OptionGroup var value: ValueArgument

  @Option(
    help: ArgumentHelp(
      "How long to show it (0 < SECONDS ≤ 3600; default: the clock's show-seconds, 5 unless set).",
      valueName: "seconds"))
  var seconds: Double?

  @Option(help: "How the value arrives: none, crossfade, fade or slot (default: the clock's).")
  var transition: TransitionSpec.Kind?

  @Flag(help: "Put a blank tube between groups of three digits of a number (12 345, 1 234.5).")
  var groupDigits = false

  @Option(
    help: ArgumentHelp(
      "The clock's control socket (default: the service's, else your own clock's).", valueName: "path"))
  var socket: String?

  @Flag(help: "Go back to the clock at once instead of showing a value.")
  var clear = false

  func validate() throws {
    if clear {
      guard value.values.isEmpty else { throw ValidationError("--clear takes no value") }
    } else {
      try value.requireOne()
    }
    if let seconds {
      guard seconds > 0, seconds <= ControlRequest.maximumSeconds else {
        throw ValidationError("--seconds must be above 0 and at most 3600")
      }
    }
  }

  func run() throws {
    let request: ControlRequest =
      clear
      ? .clear
      : .show(value: value.value, seconds: seconds, transition: transition, groupDigits: groupDigits)
    do {
      try ControlClient.send(request, to: socket ?? ControlSocketPath.forSend())
    } catch {
      throw error.error
    }
  }
}
