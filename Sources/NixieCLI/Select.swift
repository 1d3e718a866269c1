import ArgumentParser
import NixieInput
import NixieRuntime
import NixieSystem

/// `nixie select VALUE...`: the rotary-knob selector. Turning steps through the values on the
/// tubes, a short press prints the chosen one, a long press cancels.
struct Select: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Choose one of the values with the rotary knob; the chosen value goes to stdout.",
    discussion: """
      The tubes show the selected value (its 1-based position when the board cannot show every \
      value). Turning steps, wrapping round the ends unless --no-wrap; disabled values are \
      skipped; lists longer than 20 accelerate when turned fast. A short press confirms (the \
      value on stdout, exit 0); a long press (1 s) or --timeout cancels (exit 1).

      --backend sim needs --input FILE, a script of knob turns and presses, one per line, \
      times in ms: 'TIME a|b|sw 0|1' (raw physical levels), 'TIME cw|ccw N' (N detents, 40 ms \
      each), 'TIME press' (80 ms), 'TIME hold MS'; '#' starts a comment. It plays in virtual \
      time (at once) unless stdout is a terminal, where it plays at its own pace so you can \
      watch. A script that ends without a press cancels (exit 1), or at --timeout if given.

      EXAMPLES:
        printf '0 cw 2\\n200 press\\n' > knob.txt
        # prints 15 (the simulator's knob)
        nixie select --input knob.txt 5 10 15 30 60
        minutes=$(nixie select --board my-board.yaml 5 10 15) || echo "nothing chosen"
        nixie select --input knob.txt --events --initial 1 --disabled 2 a b c d
      """)

  @OptionGroup var choices: ValueListArgument
  @OptionGroup var hardware: HardwareOptions

  @Option(
    help: ArgumentHelp(
      "Simulator: a script of knob turns and presses (- for stdin); implies --backend sim.",
      valueName: "file"))
  var input: String?

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Start at this value (0-based; default: the first enabled).", valueName: "index"))
  var initial: Int?

  @Flag(name: .customLong("no-wrap"), help: "Stop at the ends of the list instead of wrapping round.")
  var noWrap = false

  @Option(
    help: ArgumentHelp("Values that cannot be chosen (0-based, comma-separated: 0,3).", valueName: "list"))
  var disabled: String?

  @Flag(help: "Write one JSON line per change (and one for the end) on stderr.")
  var events = false

  @Option(help: ArgumentHelp("Cancel after SECONDS without turning or pressing.", valueName: "seconds"))
  var timeout: Double?

  @Flag(help: "After a fast spin, keep moving and slow down by itself; a turn or a press stops it.")
  var momentum = false

  func validate() throws {
    if let timeout, !(timeout > 0 && timeout <= 31_536_000) {
      throw ValidationError("--timeout must be a number of seconds above 0 (up to 31536000)")
    }
    _ = try spinner()
  }

  /// The disabled indices of `--disabled`.
  private func disabledIndices() throws(ValidationError) -> Set<Int> {
    guard let disabled else { return [] }
    var indices: Set<Int> = []
    for item in disabled.split(separator: ",", omittingEmptySubsequences: false) {
      let text = item.trimmingPrefix(while: \.isWhitespace)
      guard let index = Int(text.trimmingSuffix), index >= 0 else {
        throw ValidationError(
          "--disabled: '\(item)' is not a 0-based index (write a comma-separated list like 0,3,4)")
      }
      indices.insert(index)
    }
    return indices
  }

  /// The selection model the options describe, or the option that is wrong.
  private func spinner() throws(ValidationError) -> Spinner<String> {
    let values = choices.values
    do {
      return try Spinner(
        values: values, selectedIndex: initial, disabled: try disabledIndices(), wraps: !noWrap,
        momentum: momentum ? Momentum.Settings() : nil)
    } catch let error as ValidationError {
      throw error
    } catch let error as SpinnerError {
      let last = "(0-based: 0…\(values.count - 1))"
      switch error {
      case .noValues: throw ValidationError("missing the values to choose from")
      case .initialOutOfRange(let index, let count):
        throw ValidationError("--initial \(index) is outside the \(count) values \(last)")
      case .initialDisabled(let index):
        throw ValidationError("--initial \(index) is one of the --disabled values")
      case .disabledOutOfRange(let index, let count):
        throw ValidationError("--disabled \(index) is outside the \(count) values \(last)")
      case .allDisabled: throw ValidationError("--disabled disables every value: nothing could be chosen")
      }
    } catch {
      throw ValidationError("\(error)")
    }
  }

  func run() throws {
    var setup = hardware.setup
    setup.choice.input = input
    let chosen = try SelectionJob(
      setup: setup, spinner: try spinner(),
      timeout: timeout.map { UInt64($0 * 1e9) }, events: events ? .standardError : nil,
      notice: { NixieMain.printError("nixie: note: \($0)") }
    ).run()
    let stdout = FileStream.standardOutput
    stdout.write(chosen + "\n")
    stdout.flush()
  }
}

extension Substring {
  /// Without trailing whitespace.
  fileprivate var trimmingSuffix: Substring {
    var text = self
    while text.last?.isWhitespace == true { text.removeLast() }
    return text
  }
}
