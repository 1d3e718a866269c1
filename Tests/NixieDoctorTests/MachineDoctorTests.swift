import NixieCore
import NixieLinux
import NixieText
import Testing

@testable import NixieDoctor

/// `nixie doctor` without a board: the machine's facts, and the finding that says to choose one.
struct MachineDoctorTests {
  @Test func aReadyPiReportsItsChipBusesAndGroupsAndThatNoBoardIsChosen() throws {
    let machine = FakeMachine.ready()
    machine.raspberryPiConfig = RaspberryPiConfig(path: "/boot/firmware/config.txt", text: "dtparam=spi=on\n")
    let (facts, findings) = MachineDoctor(howToChoose: "give --board NAME", system: machine).run()
    #expect(
      facts.chips == [
        MachineDoctor.Chip(path: "/dev/gpiochip0", name: "gpiochip0", label: "pinctrl-bcm2711", lines: 58)
      ])
    #expect(facts.groups == ["gpio", "i2c", "pi", "spi"])
    #expect(facts.spi == ["/dev/spidev0.0"] && facts.i2c == ["/dev/i2c-1"])
    #expect(facts.libgpiod == "1.6.3")
    #expect(findings.contains { $0.subject == "/dev/gpiochip0" && $0.message == "pinctrl-bcm2711, 58 lines" })
    #expect(findings.last == DoctorFinding(.problem, "board", "no board chosen", fix: "give --board NAME"))
    #expect(findings.problems == 1)
    let json = findings.jsonReport(machine: facts, version: "0.3.0")
    let value = try JSONReader.read(Array(json.utf8))
    #expect(value["board"] == .null)
    #expect(value["machine"]?["gpio_chips"]?.text.contains(#""label": "pinctrl-bcm2711""#) == true)
  }

  @Test func aBusThatIsOffSaysHowToTurnItOnOnAPi() throws {
    let machine = FakeMachine()
    machine.raspberryPiConfig = RaspberryPiConfig(path: "/boot/firmware/config.txt", text: "")
    let (facts, findings) = MachineDoctor(howToChoose: "x", system: machine).run()
    #expect(facts.chips.isEmpty && facts.spi.isEmpty)
    let spi = try #require(findings.first { $0.subject == "SPI" })
    #expect(spi.message == "not enabled (no /dev/spidev*)")
    #expect(spi.fix?.contains("sudo raspi-config nonint do_spi 0") == true)
    #expect(findings.contains { $0.status == .warning && $0.subject == "GPIO" })
  }
}
