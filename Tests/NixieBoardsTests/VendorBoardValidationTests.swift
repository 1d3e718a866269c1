import Foundation
import NixieBoardModel
import NixieBoards
import Testing

/// The keys the vendor boards brought (SPI latch and chip-selects, chip variants, enable lines,
/// the multiplex, backlight, buttons, buzzer): every mistake reported at its file and line.
struct VendorBoardValidationTests {
  /// A small SPI board with every new key; each case below breaks one thing in it.
  static let valid = """
    name: spi-latch
    chips:
      model: HV5122
      count: 1
      variant: {line: 6, bias: pull-up, low: HV5222}
    gpio:
      chip: gpiochip0
    spi:
      device: /dev/spidev0.0
      mode: 2
      latch: {line: 22, idle: high, enables-outputs: true}
    multiplex:
      groups:
        - {output: HV21, active: high}
        - {output: HV22, active: high}
      scan-hz: 150
      blank-us: 40
    display:
      - tube: IN-14
        group: 1
        cathodes: {"0": HV1, "1": HV2, "2": HV3, "3": HV4, "4": HV5, "5": HV6, "6": HV7, "7": HV8, "8": HV9, "9": HV10}
      - tube: IN-14
        group: 2
        cathodes: {"0": HV11, "1": HV12, "2": HV13, "3": HV14, "4": HV15, "5": HV16, "6": HV17, "7": HV18, "8": HV19, "9": HV20}
    backlight:
      kind: pwm-rgb
      red: 20
      green: 16
      blue: 21
    buttons:
      - {name: mode, line: 24, active: low, bias: pull-up}
      - {name: up, line: 18}
    buzzer:
      line: 17
      active: high
    presence: {line: 26, active: low, bias: pull-up}

    """

  /// Six modules, each on its own chip-select line.
  static let modules = """
    name: modules
    chips:
      model: exixe-14
      count: 2
    gpio:
      chip: gpiochip0
    spi:
      device: /dev/spidev0.0
      mode: 0
      select:
        - {line: 5, active: low}
        - {line: 6, active: low}
    display:
      - tube: IN-14
        cathodes: {"1": D1@1, "2": D2@1, "3": D3@1, "4": D4@1, "5": D5@1, "6": D6@1, "7": D7@1, "8": D8@1, "9": D9@1, "0": D0@1}
      - tube: IN-14
        cathodes: {"1": D1@2, "2": D2@2, "3": D3@2, "4": D4@2, "5": D5@2, "6": D6@2, "7": D7@2, "8": D8@2, "9": D9@2, "0": D0@2}
    backlight:
      kind: module

    """

  @Test func theBaseProfilesAreValid() throws {
    let board = try BoardCatalog.parse(Self.valid, file: "spi.yaml")
    #expect(board.layout.tubeCount == 2)
    #expect(board.buttons.map(\.role) == [.mode, .up])
    #expect(board.presence == PresenceWiring(chip: "gpiochip0", line: 26, activeHigh: false, pullUp: true))
    let modules = try BoardCatalog.parse(Self.modules, file: "modules.yaml")
    #expect(modules.layout.tubeCount == 2)
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var base: String = valid
    var replace: String
    var with: String
    var line: Int
    var message: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "SPI mode that samples on the wrong edge", replace: "  mode: 2", with: "  mode: 0", line: 10,
      message: "SPI mode 0 samples on the rising edge; HV5122 shifts on the falling edge"),
    Case(
      name: "latch and select at once", replace: "  latch: {line: 22, idle: high, enables-outputs: true}",
      with: "  latch: {line: 22}\n  select: [{line: 5}]", line: 8,
      message: "spi takes a 'latch' line or a 'select' list, not both"),
    Case(
      name: "bad latch idle level", replace: "idle: high,", with: "idle: up,", line: 11,
      message: "spi.latch.idle must be low or high"),
    Case(
      name: "latch line used twice", replace: "{line: 22, idle", with: "{line: 24, idle", line: 31,
      message: "GPIO 24 of gpiochip0 is already used"),
    Case(
      name: "unknown bit order", replace: "  mode: 2", with: "  mode: 2\n  bit-order: middle-out", line: 11,
      message: "spi.bit-order must be msb-first or lsb-first"),
    Case(
      name: "variant of another family", replace: "low: HV5222", with: "low: MCP23017", line: 5,
      message: "a variant must be the same kind of shift register with as many outputs as HV5122"),
    Case(
      name: "variant bias", replace: "bias: pull-up, low", with: "bias: sideways, low", line: 5,
      message: "chips.variant.bias must be pull-up or none"),
    Case(
      name: "one anode group", replace: "    - {output: HV22, active: high}\n", with: "", line: 13,
      message: "a scan needs at least two"),
    Case(
      name: "anode output twice", replace: "{output: HV22,", with: "{output: HV21,", line: 15,
      message: "output 20 switches two anode groups"),
    Case(
      name: "scan too slow", replace: "scan-hz: 150", with: "scan-hz: 50", line: 16,
      message: "multiplex.scan-hz must be between 100 and 1000, not 50"),
    Case(
      name: "unknown backlight kind", replace: "kind: pwm-rgb", with: "kind: neon", line: 26,
      message: "backlight.kind must be pwm-rgb, module or addressable, not 'neon'"),
    Case(
      name: "backlight colour missing", replace: "  blue: 21\n", with: "", line: 25,
      message: "missing key 'blue' in backlight"),
    Case(
      name: "backlight line used twice", replace: "  blue: 21", with: "  blue: 17", line: 34,
      message: "GPIO 17 of gpiochip0 is already used"),
    Case(
      name: "two buttons of one name", replace: "{name: up, line: 18}", with: "{name: mode, line: 18}",
      line: 32,
      message: "there are two 'mode' buttons"),
    Case(
      name: "unknown button bias", replace: "bias: pull-up}", with: "bias: pull-down}", line: 31,
      message: "must be pull-up or none"),
    Case(
      name: "buzzer level", replace: "  active: high\n", with: "  active: loud\n", line: 35,
      message: "buzzer.active must be low or high"),
    Case(
      name: "buzzer kind", replace: "  active: high\n", with: "  active: high\n  kind: loud\n", line: 36,
      message: "buzzer.kind must be passive or active"),
    Case(
      name: "buzzer pwm on an active buzzer", replace: "  active: high\n",
      with: "  active: high\n  kind: active\n  pwm: {chip: 0, channel: 0}\n", line: 37,
      message: "buzzer.pwm is for a passive buzzer"),
    Case(
      name: "presence line used twice", replace: "presence: {line: 26", with: "presence: {line: 17", line: 36,
      message: "GPIO 17 of gpiochip0 is already used for buzzer"),
    Case(
      name: "presence level", replace: "26, active: low, bias: pull-up}", with: "26, active: sideways}",
      line: 36,
      message: "presence.active must be high or low"),
    Case(
      name: "presence without a line", replace: "{line: 26, active: low,", with: "{active: low,", line: 36,
      message: "missing key 'line' in presence"),
    Case(
      name: "modules without selects", base: modules,
      replace: "  select:\n    - {line: 5, active: low}\n    - {line: 6, active: low}\n", with: "", line: 7,
      message: "exixe-14 modules need 'select': one chip-select line per module"),
    Case(
      name: "modules in another SPI mode", base: modules, replace: "  mode: 0", with: "  mode: 2", line: 9,
      message: "exixe-14 modules take SPI mode 0, not 2"),
    Case(
      name: "a latch on modules", base: modules,
      replace: "  select:\n    - {line: 5, active: low}\n    - {line: 6, active: low}\n",
      with: "  latch: {line: 22}\n", line: 10, message: "a latch line is for shift registers"),
    Case(
      name: "module pin out of range", base: modules, replace: "\"0\": D0@2}", with: "\"0\": D0@3}", line: 17,
      message: "D0@3: chip 3 does not exist; the chain has 2 × exixe-14"),
  ]

  @Test("reports", arguments: cases)
  func reports(_ example: Case) {
    #expect(example.base.contains(example.replace), "the case no longer applies to the base profile")
    let yaml = example.base.replacingFirst(example.replace, with: example.with)
    do {
      let board = try BoardCatalog.parse(yaml, file: "board.yaml")
      Issue.record("expected an error, got \(board.name)")
    } catch {
      #expect(error.file == "board.yaml")
      #expect(error.line == example.line, "\(error)")
      #expect((error.column ?? 0) > 0, "\(error)")
      #expect(error.message.contains(example.message), "\(error)")
    }
  }
}
