import ArgumentParser
import NixieCore
import NixieInput
import NixieLinux
import NixieRuntime
import NixieSimulator
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
    let board = try hardware.loadBoard()
    guard let encoder = board.encoder else {
      throw CommandFailure(
        .badUsage,
        "--board \(board.name) has no rotary encoder; nixie select needs one (an 'encoder' section:"
          + " see Hardware/README.md)")
    }
    guard encoder.pushSwitch != nil else {
      throw CommandFailure(
        .badUsage,
        "--board \(board.name): its encoder has no push switch, and nixie select confirms with a press")
    }
    guard let settings = QuadratureSettings(wiring: encoder) else {
      throw CommandFailure(
        .badConfiguration,
        "\(board.name): encoder.detents-per-cycle must be 1, 2 or 4, not \(encoder.detentsPerCycle)")
    }
    // A script is for the simulator: --input implies --backend sim unless told otherwise.
    let backend = hardware.backend ?? (input != nil ? .sim : hardware.resolvedBackend)
    switch (backend, input) {
    case (.hardware, .some):
      throw CommandFailure(.badUsage, "--input plays a script on the simulator: use it with --backend sim")
    case (.hardware, .none):
      try runOnHardware(board: board, encoder: encoder, settings: settings)
    case (.sim, .none):
      throw CommandFailure(
        .badUsage,
        "--backend sim needs --input FILE: a script of knob turns and presses (see 'nixie select --help')")
    case (.sim, .some(let path)):
      let script = try Self.script(at: path)
      try runScripted(script, board: board, encoder: encoder, settings: settings)
    }
  }

  /// The input script at `path`: exit 2 when it cannot be read, 65 with the line when it is wrong.
  static func script(at path: String) throws(CommandFailure) -> InputScript {
    let text: String
    do {
      text = try TextFile.read(path)
    } catch {
      throw CommandFailure(.badUsage, "--input: \(error)")
    }
    do {
      return try InputScript(parsing: text)
    } catch {
      throw CommandFailure(
        .badConfiguration, "\(path == "-" ? "<stdin>" : path):\(error.line): \(error.message)")
    }
  }

  private func runScripted(
    _ script: InputScript, board: BoardProfile, encoder: EncoderWiring, settings: QuadratureSettings
  ) throws {
    let spinner = try spinner()
    // Virtual time unless someone is watching the tubes in the terminal.
    let paced = Terminal.standardOutputIsTerminal
    let clock: MonotonicClock = paced ? SystemClock() : ManualClock(start: SystemClock().now())
    let session = try DisplaySession(
      board: board, backend: .sim, options: hardware, view: paced, clock: clock)
    guard let gpio = session.simulated?.gpio, ScriptedKnob.inputs.isSubset(of: LineSet(gpio.roles)) else {
      throw CommandFailure(
        .hardwareUnavailable,
        "--backend sim puts the encoder on the display's gpiochip; \(board.name) has it on \(encoder.chip)")
    }
    let display = SelectionDisplay(session: session, values: spinner.values)
    if let reason = display.unshowable?.reason {
      NixieMain.printError(
        "nixie: note: the tubes show each value's position (1–\(spinner.values.count)): \(reason)")
    }
    try display.show(index: spinner.selectedIndex)

    let origin = max(clock.now(), gpio.lastTime)
    let changes = script.levelChanges(
      encoder: settings, switchActiveLow: encoder.activeLow, levels: gpio.levels)
    let knob = ScriptedKnob(gpio: gpio, changes: changes, origin: origin, clock: clock)
    let outcome = try Self.run(
      KnobSelection(
        spinner: spinner, encoder: settings, pushSwitch: SwitchSettings(activeLow: encoder.activeLow),
        levels: knob.readLevels(), at: origin, timeout: timeout.map { UInt64($0 * 1e9) }),
      source: knob, clock: clock, display: display,
      log: events ? SelectionEventLog(values: spinner.values, origin: origin, stream: .standardError) : nil)
    try finish(outcome, values: spinner.values, session: session, display: display)
  }

  /// Reads the knob through libgpiod edge events and shows the selection on the board.
  private func runOnHardware(board: BoardProfile, encoder: EncoderWiring, settings: QuadratureSettings)
    throws
  {
    let spinner = try spinner()
    let clock = SystemClock()
    let session = try DisplaySession(
      board: board, backend: .hardware, options: hardware, view: false, clock: clock)
    let knob: GPIOKnobSource
    do {
      knob = try GPIOKnobSource(encoder: encoder)
    } catch {
      session.finish()
      throw CommandFailure(.hardwareUnavailable, error.description)
    }
    let display = SelectionDisplay(session: session, values: spinner.values)
    if let reason = display.unshowable?.reason {
      NixieMain.printError(
        "nixie: note: the tubes show each value's position (1–\(spinner.values.count)): \(reason)")
    }
    try display.show(index: spinner.selectedIndex)
    let origin = clock.now()
    let outcome: SpinnerEvent
    do {
      outcome = try Self.run(
        KnobSelection(
          spinner: spinner, encoder: settings, pushSwitch: SwitchSettings(activeLow: encoder.activeLow),
          levels: try knob.readLevels(), at: origin, timeout: timeout.map { UInt64($0 * 1e9) }),
        source: knob, clock: clock, display: display,
        log: events ? SelectionEventLog(values: spinner.values, origin: origin, stream: .standardError) : nil)
    } catch let error as HardwareError {
      session.finish()
      throw CommandFailure(.hardwareUnavailable, error.description)
    }
    try finish(outcome, values: spinner.values, session: session, display: display)
  }

  /// Runs the selection on `source` until it ends: the loop every input source shares.
  static func run(
    _ start: KnobSelection<String>, source: LineEventSource, clock: MonotonicClock, display: SelectionDisplay,
    log: SelectionEventLog?
  ) throws -> SpinnerEvent {
    var selection = start
    var happened: [SpinnerEvent] = []
    while selection.outcome == nil {
      if let batch = try source.next(until: selection.nextDeadline) {
        for event in batch { happened += selection.feed(event) }
        happened += selection.advance(to: clock.now())
      } else {
        happened += selection.endOfInput(at: clock.now())
      }
      for event in happened {
        log?.write(event)
        if case .changed(let index, _, _) = event { try display.show(index: index) }
      }
      happened.removeAll()
    }
    return selection.outcome ?? .cancelled(reason: .inputEnded, time: clock.now())
  }

  private func finish(
    _ outcome: SpinnerEvent, values: [String], session: DisplaySession, display: SelectionDisplay
  ) throws {
    switch outcome {
    case .confirmed(let index, _):
      session.finish()
      let stdout = FileStream.standardOutput
      stdout.write(values[index] + "\n")
      stdout.flush()
    case .cancelled(let reason, _):
      try display.blank()
      session.finish()
      let why =
        switch reason {
        case .longPress: "cancelled by a long press"
        case .timeout: "cancelled: no turn or press for --timeout \(Self.seconds(timeout ?? 0)) s"
        case .inputEnded: "cancelled: the input script ended without a press"
        }
      throw CommandFailure(.cancelled, why)
    case .changed:
      throw CommandFailure(.internalError, "the selection ended without an outcome")
    }
  }
}

extension Select {
  /// `5` for 5.0, `0.5` for 0.5.
  static func seconds(_ value: Double) -> String {
    value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
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
