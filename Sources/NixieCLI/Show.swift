import ArgumentParser
import NixieCore
import NixieRuntime
import NixieSystem

extension FormatOptions.Padding: ExpressibleByArgument {}

/// `nixie show VALUE`: format a value and put it on the tubes.
struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show a value on the tubes.",
    discussion: """
      Numbers are right-aligned, other text left-aligned. ':' '.' and "'" light the separator \
      between two tubes (or a '.' the decimal point of a tube). By default a value the board \
      cannot show is an error (exit 2) that says what it can show; --lenient blanks instead.
      The value comes in with the transition (a 500 ms perceptual cross-fade by default; \
      positions that do not change are left alone); --from VALUE shows VALUE first.
      Without --hold, nixie waits for the transition to end and exits: the value stays on \
      the tubes' latches. Ctrl-C or SIGTERM blanks the tubes and exits 1.
      """)

  @OptionGroup var value: ValueArgument
  @OptionGroup var hardware: HardwareOptions

  @Flag(help: "Print the resolved display state as JSON on standard output.")
  var json = false

  @Flag(help: "Show a dark tube for what the board cannot show and drop separators with no place.")
  var lenient = false

  @Option(help: ArgumentHelp("Round a number to N decimal places (half away from zero).", valueName: "n"))
  var decimals: Int?

  @Option(help: "What fills the tubes left of a number: blank or zero.")
  var pad: FormatOptions.Padding = .blank

  @OptionGroup var transition: TransitionOptions

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Show this value first, then change to the value with the transition.", valueName: "value"))
  var from: String?

  @Option(
    help: ArgumentHelp(
      "Keep the value lit for SECONDS after the transition, then blank the tubes and exit.",
      valueName: "seconds")
  )
  var hold: Double?

  func validate() throws {
    try value.requireOne()
    if let decimals, decimals < 0 || decimals > 20 {
      throw ValidationError("--decimals must be between 0 and 20, not \(decimals)")
    }
    if let hold, !(hold >= 0 && hold <= 31_536_000) {
      throw ValidationError("--hold must be a number of seconds from 0 to 31536000")
    }
    if transition.brightnessPercent < 100 && hold == nil {
      throw ValidationError(
        "--brightness below 100 needs --hold: dimming is PWM, which stops when nixie exits, and the"
          + " latches would keep the value at full brightness")
    }
  }

  func run() throws {
    try ShowJob(
      choice: hardware.choice, recording: hardware.recording, value: value.value, from: from,
      options: FormatOptions(decimals: decimals, padding: pad, lenient: lenient), transition: transition.spec,
      brightness: transition.brightnessPercent / 100, hold: hold.map { UInt64($0 * 1e9) },
      json: json ? .standardOutput : nil, notice: { NixieMain.printError("nixie: note: \($0)") }
    ).run()
  }
}
