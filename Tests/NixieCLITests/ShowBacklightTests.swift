import Testing

/// `nixie show --backlight`: the picture's tint, the board's light on the simulator, and the
/// refusals (exit 2) where it cannot be lit as asked.
struct ShowBacklightTests {
  @Test(arguments: [
    (
      ["--board", "hv5622-6xin14", "--backend", "sim", "--backlight", "amber", "42"],
      "hv5622-6xin14 has no backlight"
    ),
    (
      ["--board", "ncs314-v3", "--backend", "sim", "--backlight", "amber", "42"],
      "ncs314-v3's backlight is not driven"
    ),
    (
      ["--board", "ncs314", "--backend", "sim", "--backlight", "amber", "42"],
      "--backlight on ncs314 needs --hold: its backlight is software PWM"
    ),
    (["--board", "ncs314", "--svg", "-", "--backlight", "cycle", "42"], "the colour cycle is the clock's"),
    (
      ["--board", "ncs314", "--svg", "-", "--backlight", "#12345", "42"],
      "--backlight must be a colour #rrggbb"
    ),
  ])
  func whatCannotBeLitIsRefused(_ arguments: [String], _ message: String) throws {
    let result = try NixieProcess.run(["show"] + arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test(arguments: [
    ["--board", "ncs314", "--backend", "sim", "--backlight", "amber", "--hold", "0.1", "42"],
    ["--board", "exixe-14", "--backend", "sim", "--backlight", "#0a64c8", "42"],
    ["--board", "hv5622-6xin14", "--svg", "-", "--backlight", "amber", "42"],
  ])
  func aBoardWithOneOrThePictureIsLit(_ arguments: [String]) throws {
    let result = try NixieProcess.run(["show"] + arguments)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
