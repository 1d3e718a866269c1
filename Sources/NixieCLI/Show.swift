import ArgumentParser
import NixieDisplay
import NixieRuntime
import NixieSystem
import NixieText
import NixieTransitions

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

      EXAMPLES:
        # right-aligned: "      42"
        nixie show 42
        # text, left-aligned, colons on the separators
        nixie show 09:41:00
        # rounded to fit: "    3.14"
        nixie show 3.14159 --decimals 2
        # a blank tube between groups of three digits, as SI writes numbers: 12 345
        nixie show --group-digits 12345
        # the tens tube fades a 1 in; the 9 stays lit
        nixie show --from 9 19
        nixie show --transition slot 1234
        # dimmed by PWM for 10 s, then dark
        nixie show --hold 10 --brightness 30 12:00
        nixie show --json 12:34
        # the tubes as a picture (SVG), for a README or a bug report; no board is touched
        nixie show --svg tubes.svg 12:34:56
        # the RGB light under the tubes (boards with one), here for a minute
        nixie show --board ncs314 --backlight amber --hold 60 12:34:56
        nixie show --board mcp23017-4xin12 --backend hardware 1234
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

  @Flag(
    help: ArgumentHelp(
      "Put a blank tube between groups of three digits of a number, counted from its point"
        + " (12 345, 1 234.5); a value too long with its gaps is an error."))
  var groupDigits = false

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

  @Option(
    help: ArgumentHelp(
      "Draw the value as the tubes would show it into an SVG file (- for standard output) instead of"
        + " showing it; --brightness dims the picture.", valueName: "file"))
  var svg: String?

  @Option(
    help: ArgumentHelp(
      "Light the backlight (boards with one, and --svg's picture): #rrggbb, a colour name or off.",
      valueName: "colour"))
  var backlight: String?

  func validate() throws {
    if let backlight, BacklightSetting(backlight) == nil || BacklightSetting(backlight) == .cycle {
      let names = BacklightSetting.names.map(\.name).joined(separator: ", ")
      throw ValidationError(
        "--backlight must be a colour #rrggbb, a colour name (\(names)) or off, not '\(Printable.escaped(backlight))'"
          + (BacklightSetting(backlight) == .cycle
            ? " (the colour cycle is the clock's: backlight: cycle in nixie.yaml)" : ""))
    }
    try value.requireOne()
    if let decimals, decimals < 0 || decimals > 20 {
      throw ValidationError("--decimals must be between 0 and 20, not \(decimals)")
    }
    if let hold, !(hold >= 0 && hold <= 31_536_000) {
      throw ValidationError("--hold must be a number of seconds from 0 to 31536000")
    }
    if svg != nil && (from != nil || hold != nil) {
      throw ValidationError("--svg draws one value: it takes neither --from nor --hold")
    }
    if transition.brightnessPercent < 100 && hold == nil && svg == nil {
      throw ValidationError(
        "--brightness below 100 needs --hold: dimming is PWM, which stops when nixie exits, and the"
          + " latches would keep the value at full brightness")
    }
  }

  func run() throws {
    try ShowJob(
      setup: hardware.setup, value: value.value, from: from,
      options: FormatOptions(decimals: decimals, padding: pad, lenient: lenient, groupDigits: groupDigits),
      transition: transition.spec,
      brightness: transition.brightnessPercent / 100, hold: hold.map { UInt64($0 * 1e9) },
      json: json ? .standardOutput : nil, notice: { NixieMain.printError("nixie: note: \($0)") }, svg: svg,
      backlight: backlight.flatMap(BacklightSetting.init)
    ).run()
  }
}
