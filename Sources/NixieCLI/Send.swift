import ArgumentParser
import NixieControl
import NixieTransitions

extension AlarmAction: ExpressibleByArgument {}
extension StopwatchAction: ExpressibleByArgument {}

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
        # the ringing alarm snoozed, or stopped; tomorrow's ring skipped
        nixie send --alarm snooze
        nixie send --alarm stop
        nixie send --alarm skip-next
        # a kitchen timer: 9 minutes on the tubes, then the countdown's tune; 0 cancels
        nixie send --countdown 9m
        nixie send --countdown 0
        # the stopwatch on the tubes: mm:ss.cc
        nixie send --stopwatch start
        nixie send --stopwatch reset
        # the clock's state as JSON: its settings, what it shows, the next alarm
        nixie send --status
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

  @Option(
    help: ArgumentHelp(
      "Snooze or stop the ringing alarm, or skip the next ring: snooze, stop or skip-next.",
      valueName: "action"))
  var alarm: AlarmAction?

  @Option(
    help: ArgumentHelp(
      "Count down on the tubes and ring at zero: 90s, 9m, 1h30m (1 s to 24 h), or 0 to cancel.",
      valueName: "duration"))
  var countdown: String?

  @Option(help: ArgumentHelp("Start, stop or reset the stopwatch on the tubes.", valueName: "action"))
  var stopwatch: StopwatchAction?

  @Flag(help: "Print the clock's state (the control protocol's state answer, one line of JSON).")
  var status = false

  func validate() throws {
    let chosen = [
      ("--clear", clear), ("--alarm", alarm != nil), ("--countdown", countdown != nil),
      ("--stopwatch", stopwatch != nil), ("--status", status),
    ]
    .filter(\.1).map(\.0)
    guard chosen.count <= 1 else { throw ValidationError("\(chosen.joined(separator: " and ")) go alone") }
    if let only = chosen.first {
      guard value.values.isEmpty else { throw ValidationError("\(only) takes no value") }
      guard seconds == nil, transition == nil, !groupDigits else {
        throw ValidationError("--seconds, --transition and --group-digits are for a value, not \(only)")
      }
    } else {
      try value.requireOne()
    }
    if let countdown, case .failure(let problem) = ControlRequest.countdown(countdown, option: "--countdown")
    {
      throw ValidationError(problem.message)
    }
    if let seconds {
      guard seconds > 0, seconds <= ControlRequest.maximumSeconds else {
        throw ValidationError("--seconds must be above 0 and at most 3600")
      }
    }
  }

  func run() throws {
    let path = socket ?? ControlSocketPath.forSend()
    let request: ControlRequest
    if clear {
      request = .clear
    } else if let alarm {
      request = .alarm(alarm)
    } else if let stopwatch {
      request = .stopwatch(stopwatch)
    } else if let countdown,
      case .success(let asked) = ControlRequest.countdown(countdown, option: "--countdown")
    {
      request = asked
    } else if status {
      request = .state
    } else {
      request = .show(value: value.value, seconds: seconds, transition: transition, groupDigits: groupDigits)
    }
    do {
      guard status else { return try ControlClient.send(request, to: path) }
      let answer = try ControlClient.request(request, to: path)
      print(answer["state"]?.text ?? answer.text)
    } catch {
      throw error.error
    }
  }
}
