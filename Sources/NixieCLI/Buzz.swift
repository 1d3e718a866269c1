import ArgumentParser
import NixieRuntime

/// `nixie buzz`: a tune played once on the board's buzzer, to try it (docs/INTERFACE.md).
struct Buzz: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "buzz",
    abstract: "Play a tune once on the board's buzzer.",
    discussion: """
      The tune is one of the built-in tunes by name (beeps, rising, chime, timer) or RTTTL \
      text, name:defaults:notes. A passive buzzer gets a square wave at each note's pitch, an \
      active one is switched on for each note (the board profile's buzzer kind). A board \
      without a buzzer has nothing to sound: exit 69. Text that is not RTTTL: exit 65, with \
      its column.

      EXAMPLES:
        # the board's buzzer, the default tune
        nixie buzz --board ncs314
        # a tune of your own, on the simulator, its wire in a trace
        nixie buzz --board ncs314 --backend sim --tune 'scale:d=8,o=5,b=120:c,e,g,c6' --trace buzz.vcd
      """)

  @OptionGroup var hardware: HardwareOptions

  @Option(
    help: ArgumentHelp("A built-in tune's name or RTTTL text.", valueName: "name|rtttl"))
  var tune = "beeps"

  func run() throws {
    try BuzzJob(setup: hardware.setup, tune: tune, notice: { NixieMain.printError("nixie: \($0)") }).run()
  }
}
