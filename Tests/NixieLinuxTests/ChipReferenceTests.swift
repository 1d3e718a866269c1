import Testing

@testable import NixieLinux

/// A profile's `gpio.chip` is read as a path, a name or a label, the same for both libgpiod APIs.
struct ChipReferenceTests {
  @Test(arguments: [
    ("/dev/gpiochip0", ChipReference.path("/dev/gpiochip0")),
    ("gpiochip4", .name("gpiochip4")),
    ("null", .name("null")),
    ("pinctrl-bcm2711", .labels(["pinctrl-bcm2711"])),
    ("nixie-sim", .labels(["nixie-sim"])),
    ("raspberry-pi", .labels(["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"])),
  ])
  func readsTheReference(_ text: String, _ reference: ChipReference) {
    #expect(ChipReference(text) == reference)
  }

  @Test func onlyPathsAndNamesHaveADeviceNode() {
    #expect(ChipReference("gpiochip4").devicePath == "/dev/gpiochip4")
    #expect(ChipReference("/dev/gpiochip1").devicePath == "/dev/gpiochip1")
    #expect(ChipReference("pinctrl-bcm2711").devicePath == nil)
    #expect(ChipReference("raspberry-pi").devicePath == nil)
  }

  @Test func aMissingChipIsNamedByEveryLabelLookedFor() {
    #expect(ChipReference("nixie-sim").notFoundDetail == #"no chip is called or labelled "nixie-sim""#)
    #expect(
      ChipReference("raspberry-pi").notFoundDetail
        == #"no chip is called or labelled "pinctrl-rp1" or "pinctrl-bcm2711" or "pinctrl-bcm2835", "#
        + #"nor is compatible with "raspberrypi,rp1-gpio" or "brcm,bcm2711-gpio" or "brcm,bcm2835-gpio""#)
  }

  @Test func theHeadersLabelsHaveTheirDeviceTreeCompatibles() {
    #expect(
      ChipReference("raspberry-pi").compatibles == ["raspberrypi,rp1-gpio", "brcm,bcm2711-gpio", "brcm,bcm2835-gpio"])
    #expect(ChipReference("pinctrl-bcm2711").compatibles == ["brcm,bcm2711-gpio"])
    #expect(ChipReference("nixie-sim").compatibles.isEmpty)
    #expect(ChipReference("gpiochip0").compatibles.isEmpty)
  }
}
