import ArgumentParser
import NixieClockSettings
import NixieRuntime

/// `nixie blank`: the tubes dark, their high voltage and backlight off, after whatever drove
/// them is gone (docs/INTERFACE.md); nixie-clock.service runs it after every stop.
struct Blank: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "blank",
    abstract: "Turn the tubes off, with their high voltage and backlight.",
    discussion: """
      For after the program that drove the board has gone: a Raspberry Pi's kernel keeps the \
      lines a process set after it ends, so a clock that was killed (SIGKILL, the watchdog, a \
      crash) leaves its last frame lit. nixie-clock.service runs 'nixie blank --config \
      /etc/nixie/nixie.yaml' after every stop. The board is --board, else the configuration's \
      board:; when neither chooses one there is nothing to blank, and it exits 0 saying nothing.

      EXAMPLES:
        # the board the clock's configuration chooses
        nixie blank --config /etc/nixie/nixie.yaml
        # a board of your choice
        nixie blank --board hv5622-6xin14
      """)

  @OptionGroup var hardware: HardwareOptions

  @Option(
    help: ArgumentHelp(
      "The configuration whose board: to blank (default: /etc/nixie/nixie.yaml if it exists).",
      valueName: "file"))
  var config: String?

  func run() throws {
    var options = ClockOptions()
    options.board = hardware.board
    options.backend = hardware.backend
    options.simWriteTime = hardware.simWriteTime
    options.config = config
    let settings = ClockSettings(options: options)
    let choice = settings.boardChoice(try settings.loadBase())
    try BlankJob(
      setup: BoardSetup(choice: choice, backends: HostBackends(), recording: hardware.recording),
      notice: { NixieMain.printError("nixie: \($0)") }
    ).run()
  }
}
