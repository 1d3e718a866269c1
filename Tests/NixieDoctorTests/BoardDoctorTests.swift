import NixieBoardModel
import NixieLinux
import NixieSystem
import Testing

@testable import NixieDoctor

/// A machine as `nixie doctor` sees it, set up by each test.
final class FakeMachine: DoctorSystem {
  var libgpiodVersion = "1.6.3"
  var kernelRelease = "6.1.0-rpi7-rpi-v8"
  var userName = "pi"
  var isRoot = false
  var processGroups: Set<String> = ["pi"]
  var accountGroups: Set<String> = ["pi"]
  var nodes: [String: DeviceNode] = [:]
  var usable: Set<String> = []
  var chip = FakeChip()
  var i2cAnswers: Set<UInt8> = []
  var raspberryPiConfig: RaspberryPiConfig?
  /// The I2C adapters the kernel has (`/dev/i2c-1`), their nodes made or not.
  var i2cAdapters: Set<String> = []
  /// What opening any chip throws, as libgpiod does for a chip the user may not open.
  var openError: HardwareError?
  var machineModel: String? = "Raspberry Pi 4 Model B Rev 1.4"

  func node(_ path: String) -> DeviceNode? { nodes[path] }
  func canReadWrite(_ path: String) -> Bool { usable.contains(path) }
  func devices(prefix: String) -> [String] {
    nodes.keys.filter { $0.hasPrefix("/dev/" + prefix) }.sorted()
  }
  /// Its one chip, also by a label or alias only if it has that label (as libgpiod finds it).
  func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipInfo {
    if let openError { throw openError }
    let chipReference = ChipReference(reference)
    guard chipReference.labels.isEmpty || chipReference.labels.contains(chip.label) else {
      throw HardwareError(
        transport: .gpio, device: reference, operation: "open the GPIO chip", problem: .noSuchChip,
        errno: .noSuchFile, detail: chipReference.notFoundDetail)
    }
    return chip
  }
  func probeSPI(_ wiring: SPIWiring) -> HardwareError? { nil }
  func i2cAdapterExists(_ bus: String) -> Bool { i2cAdapters.contains(bus) }
  func probeI2C(bus: String, address: UInt8, chip: I2CExpander) -> HardwareError? {
    i2cAnswers.contains(address)
      ? nil
      : HardwareError(
        Errno.noSuchDeviceOrAddress, transport: .i2c, device: bus, operation: "probe", phase: .transfer)
  }

  /// A Raspberry Pi OS machine where everything is in place for `pi`.
  static func ready() -> FakeMachine {
    let machine = FakeMachine()
    for (path, group) in [("/dev/gpiochip0", "gpio"), ("/dev/spidev0.0", "spi"), ("/dev/i2c-1", "i2c")] {
      machine.nodes[path] = DeviceNode(isCharacterDevice: true, group: group, permissions: 0o660)
      machine.usable.insert(path)
    }
    machine.processGroups = ["pi", "gpio", "spi", "i2c"]
    machine.accountGroups = machine.processGroups
    machine.i2cAnswers = [0x20, 0x21]
    return machine
  }
}

/// `nixie doctor` finds what stops a board from working and says how to fix it.
struct BoardDoctorTests {
  static func findings(_ board: String, on machine: FakeMachine) throws -> [DoctorFinding] {
    BoardDoctor(board: try Boards.named(board), system: machine).run()
  }

  static func problems(_ findings: [DoctorFinding]) -> [DoctorFinding] {
    findings.filter { $0.status == .problem }
  }

  @Test(
    arguments: [
      "hv5622-6xin14", "hv5622-6xin14-spi", "mcp23017-4xin12", "pcf8574-4xin12", "ncs314", "ncs314-hv5222",
      "ncs314-v3", "ncs312", "ncs318", "exixe-14", "omnixie-ntdb", "ncm109",
    ])
  func aReadyMachineHasNoProblems(_ board: String) throws {
    let findings = try Self.findings(board, on: .ready())
    #expect(Self.problems(findings).isEmpty, "\(findings)")
    #expect(findings.contains { $0.subject == "libgpiod" && $0.message.hasPrefix("1.6.3") })
  }

  @Test func everyBoardLineIsReportedFree() throws {
    let findings = try Self.findings("hv5622-6xin14", on: .ready())
    let lines = findings.filter { $0.subject.hasPrefix("gpiochip0 line") }
    #expect(
      lines.map(\.subject) == [
        "gpiochip0 line 10 (din)", "gpiochip0 line 11 (clk)", "gpiochip0 line 8 (le)",
        "gpiochip0 line 25 (bl)", "gpiochip0 line 17 (a)", "gpiochip0 line 27 (b)", "gpiochip0 line 22 (sw)",
      ])
    #expect(lines.allSatisfy { $0.status == .ok && $0.message == "free" })
  }

  @Test func aMachineWithoutGPIOSaysSoAndPointsAtTheSimulator() throws {
    let machine = FakeMachine()
    let problems = Self.problems(try Self.findings("hv5622-6xin14", on: machine))
    #expect(problems.count == 1)
    #expect(problems[0].subject == "raspberry-pi")
    #expect(problems[0].message.contains("no /dev/gpiochip* at all"))
    #expect(problems[0].fix?.contains("--backend sim") == true)
  }

  @Test func theBuiltInBoardsFindThePiHeaderByItsLabelOnEveryModel() throws {
    for label in ["pinctrl-rp1", "pinctrl-bcm2711", "pinctrl-bcm2835"] {
      let machine = FakeMachine.ready()
      machine.nodes["/dev/gpiochip4"] = machine.nodes["/dev/gpiochip0"]
      machine.usable.insert("/dev/gpiochip4")
      machine.chip = FakeChip(name: "gpiochip4", label: label)
      let findings = try Self.findings("ncs314", on: machine)
      #expect(Self.problems(findings).isEmpty, "\(label): \(findings)")
      #expect(
        findings.contains { $0.subject == "raspberry-pi" && $0.message == "is /dev/gpiochip4 (\(label))" })
    }
  }

  @Test func aMachineWithoutThePiHeaderNamesItsLabelsAndTheFix() throws {
    let machine = FakeMachine.ready()
    machine.nodes["/dev/gpiochip1"] = machine.nodes["/dev/gpiochip0"]
    machine.chip = FakeChip(name: "gpiochip0", label: "gpio-mockup-A")
    let problems = Self.problems(try Self.findings("hv5622-6xin14", on: machine))
    #expect(problems.map(\.subject) == ["raspberry-pi"])
    #expect(
      problems.first?.message
        == #"no chip is called or labelled "pinctrl-rp1" or "pinctrl-bcm2711" or "pinctrl-bcm2835", "#
        + #"nor is compatible with "raspberrypi,rp1-gpio" or "brcm,bcm2711-gpio" or "brcm,bcm2835-gpio" "#
        + "(this machine has gpiochip0, gpiochip1)")
    #expect(problems.first?.fix?.contains("list them with 'gpiodetect' and set gpio.chip") == true)
  }

  @Test func spiAndI2CThatAreNotEnabledSayWhichSettingTurnsThemOn() throws {
    let machine = FakeMachine.ready()
    machine.nodes["/dev/spidev0.0"] = nil
    machine.nodes["/dev/i2c-1"] = nil
    let spi = Self.problems(try Self.findings("hv5622-6xin14-spi", on: machine))
    #expect(spi.map(\.subject) == ["/dev/spidev0.0"])
    #expect(spi[0].message.contains("SPI is not enabled"))
    #expect(spi[0].fix?.contains("dtparam=spi=on") == true)
    let i2c = Self.problems(try Self.findings("mcp23017-4xin12", on: machine))
    #expect(i2c[0].fix?.contains("dtparam=i2c_arm=on") == true)
  }

  @Test func aUserOutsideTheGroupIsToldToJoinIt() throws {
    let machine = FakeMachine.ready()
    machine.usable = []
    machine.processGroups = ["pi"]
    machine.accountGroups = ["pi"]
    let problem = try #require(Self.problems(try Self.findings("hv5622-6xin14", on: machine)).first)
    #expect(problem.message == "pi is not in group gpio (group gpio, mode 0660)")
    #expect(problem.fix == "sudo usermod -aG gpio pi, then log out and in again")
  }

  /// Finding the Pi header's chip by its label opens every chip: where the user may not, the
  /// doctor still names the group to join.
  @Test func aUserWhoMayNotOpenAnyChipIsToldToJoinTheGroup() throws {
    let machine = FakeMachine.ready()
    machine.usable = []
    machine.processGroups = ["pi"]
    machine.accountGroups = ["pi"]
    machine.openError = HardwareError(
      Errno.permissionDenied, transport: .gpio, device: "/dev/gpiochip0", operation: "open the GPIO chip",
      phase: .open)
    let problems = Self.problems(try Self.findings("hv5622-6xin14", on: machine))
    #expect(problems.map(\.subject) == ["/dev/gpiochip0"])
    #expect(problems.first?.message == "pi is not in group gpio (group gpio, mode 0660)")
  }

  @Test func aUserJustAddedToTheGroupIsToldToLogInAgain() throws {
    let machine = FakeMachine.ready()
    machine.usable = []
    machine.processGroups = ["pi"]
    machine.accountGroups = ["pi", "gpio"]
    let problem = try #require(Self.problems(try Self.findings("hv5622-6xin14", on: machine)).first)
    #expect(problem.fix == "log out and in again (or run 'newgrp gpio')")
  }

  @Test func aRootOwnedNodeNeedsTheUdevRules() throws {
    let machine = FakeMachine.ready()
    machine.usable = []
    machine.nodes["/dev/i2c-1"] = DeviceNode(isCharacterDevice: true, group: "root", permissions: 0o600)
    let problem = try #require(Self.problems(try Self.findings("mcp23017-4xin12", on: machine)).first)
    #expect(problem.fix?.contains("udev rules") == true)
    #expect(problem.fix?.contains("group i2c with mode 0660") == true)
  }

  @Test func aHeldLineNamesItsHolderAndTheFix() throws {
    let machine = FakeMachine.ready()
    machine.chip.held = [8: "spi0 CS0", 17: "nixie"]
    let findings = try Self.findings("hv5622-6xin14", on: machine)
    let le = try #require(findings.first { $0.subject == "gpiochip0 line 8 (le)" })
    #expect(le.status == .problem)
    #expect(le.message == "held by \"spi0 CS0\"")
    #expect(le.fix?.contains("hv5622-6xin14-spi") == true)
    let a = try #require(findings.first { $0.subject == "gpiochip0 line 17 (a)" })
    #expect(a.status == .warning)
  }

  @Test func aLineBeyondTheChipIsAWrongChip() throws {
    let machine = FakeMachine.ready()
    let small = FakeChip(name: "gpiochip0", label: "small", lineCount: 16)
    let system = SmallChipMachine(base: machine, chip: small)
    let findings = BoardDoctor(board: try Boards.named("hv5622-6xin14"), system: system).run()
    let bl = try #require(findings.first { $0.subject == "gpiochip0 line 25 (bl)" })
    #expect(bl.status == .problem)
    #expect(bl.message.contains("has 16 lines"))
  }

  @Test func anExpanderThatDoesNotAnswerIsAProblemWithWhereToLook() throws {
    let machine = FakeMachine.ready()
    machine.i2cAnswers = [0x20]
    let problems = Self.problems(try Self.findings("pcf8574-4xin12", on: machine))
    #expect(problems.map(\.subject) == ["/dev/i2c-1 0x21"])
    #expect(problems[0].fix?.contains("i2cdetect -y 1") == true)
  }

  @Test func anOldKernelWarnsAboutPullUps() throws {
    let machine = FakeMachine.ready()
    machine.kernelRelease = "5.4.83-v7+"
    let kernel = try #require(
      try Self.findings("hv5622-6xin14", on: machine).first { $0.subject == "kernel" })
    #expect(kernel.status == .warning)
    #expect(kernel.fix?.contains("pull-up") == true)
  }

  /// Raspberry Pi OS Bookworm's config.txt as installed: the buses are commented out.
  static let freshPiConfig = RaspberryPiConfig(
    path: "/boot/firmware/config.txt",
    text: """
      # Uncomment some or all of these to enable the optional hardware interfaces
      #dtparam=i2c_arm=on
      #dtparam=i2s=on
      #dtparam=spi=on

      # Enable audio (loads snd_bcm2835)
      dtparam=audio=on

      [cm4]
      otg_mode=1

      [cm5]
      dtoverlay=dwc2,dr_mode=host

      [all]
      """)

  @Test func aPiWhoseConfigLeavesTheBusOffNamesTheRaspiConfigCommand() throws {
    for (board, device, command) in [
      ("hv5622-6xin14-spi", "/dev/spidev0.0", "sudo raspi-config nonint do_spi 0"),
      ("mcp23017-4xin12", "/dev/i2c-1", "sudo raspi-config nonint do_i2c 0"),
      ("pcf8574-4xin12", "/dev/i2c-1", "sudo raspi-config nonint do_i2c 0"),
    ] {
      let machine = FakeMachine.ready()
      machine.nodes[device] = nil
      machine.raspberryPiConfig = Self.freshPiConfig
      let problems = Self.problems(try Self.findings(board, on: machine))
      #expect(problems.map(\.subject) == ["/boot/firmware/config.txt", device], "\(board)")
      #expect(problems.first?.fix?.contains(command) == true, "\(board)")
    }
  }

  @Test func aPiWhoseConfigTurnsTheBusOnSaysWhichLineDoes() throws {
    let machine = FakeMachine.ready()
    machine.raspberryPiConfig = RaspberryPiConfig(
      path: "/boot/firmware/config.txt", text: "dtparam=audio=on\ndtparam=spi=on\n")
    let findings = try Self.findings("hv5622-6xin14-spi", on: machine)
    #expect(Self.problems(findings).isEmpty)
    let config = try #require(findings.first { $0.subject == "/boot/firmware/config.txt" })
    #expect(config.status == .ok)
    #expect(config.message == "turns SPI on (dtparam=spi=on)")
  }

  /// config.txt turns I2C on and the kernel has the bus, but there is no /dev/i2c-1: the
  /// i2c-dev module is not loaded (issue 34) — not "add the line" the file already has.
  @Test(arguments: ["mcp23017-4xin12", "pcf8574-4xin12"])
  func aBusWithoutItsNodeNamesTheI2CDevModule(_ board: String) throws {
    let machine = FakeMachine.ready()
    machine.nodes["/dev/i2c-1"] = nil
    machine.i2cAdapters = ["/dev/i2c-1"]
    machine.raspberryPiConfig = RaspberryPiConfig(
      path: "/boot/firmware/config.txt", text: "dtparam=i2c_arm=on\ndtparam=spi=on\n")
    let findings = try Self.findings(board, on: machine)
    #expect(findings.first { $0.subject == "/boot/firmware/config.txt" }?.status == .ok)
    let problems = Self.problems(findings)
    #expect(problems.map(\.subject) == ["/dev/i2c-1"], "\(problems)")
    let problem = try #require(problems.first)
    #expect(problem.message.contains("the i2c-dev module is not loaded"), "\(problem.message)")
    #expect(problem.fix?.contains("sudo modprobe i2c-dev") == true)
    #expect(problem.fix?.contains("/etc/modules-load.d/") == true)
    #expect(problem.fix?.contains("dtparam=i2c_arm=on") == false, "\(problem.fix ?? "")")
  }

  /// config.txt turns I2C on but the kernel has no such bus: the change awaits a reboot.
  @Test func aBusTurnedOnButNotYetMadeAsksForAReboot() throws {
    let machine = FakeMachine.ready()
    machine.nodes["/dev/i2c-1"] = nil
    machine.raspberryPiConfig = RaspberryPiConfig(
      path: "/boot/firmware/config.txt", text: "dtparam=i2c_arm=on\n")
    let problems = Self.problems(try Self.findings("mcp23017-4xin12", on: machine))
    #expect(problems.map(\.subject) == ["/dev/i2c-1"], "\(problems)")
    #expect(problems.first?.message.contains("the kernel has not made the bus") == true)
    #expect(problems.first?.fix?.hasPrefix("reboot") == true)
  }

  @Test func aBusMadeSomeOtherWayIsOnlyAWarning() throws {
    let machine = FakeMachine.ready()
    machine.raspberryPiConfig = Self.freshPiConfig
    let findings = try Self.findings("mcp23017-4xin12", on: machine)
    #expect(Self.problems(findings).isEmpty)
    #expect(findings.first { $0.subject == "/boot/firmware/config.txt" }?.status == .warning)
  }

  @Test func theVendorBoardsLinesAreAllChecked() throws {
    let findings = try Self.findings("ncs314", on: .ready())
    let lines = findings.filter { $0.subject.hasPrefix("gpiochip0 line") }.map(\.subject)
    for expected in [
      "gpiochip0 line 22 (le)", "gpiochip0 line 6 (detect)", "gpiochip0 line 20 (red)",
      "gpiochip0 line 24 (mode)",
    ] {
      #expect(lines.contains(expected), "\(lines)")
    }
    let exixe = try Self.findings("exixe-14", on: .ready()).map(\.subject)
    #expect((0..<6).allSatisfy { select in exixe.contains { $0.hasSuffix("(cs\(select))") } }, "\(exixe)")
  }

  @Test func anAddressableBacklightIsSaidToStayDark() throws {
    let findings = try Self.findings("ncs314-v3", on: .ready())
    let backlight = try #require(findings.first { $0.subject == "backlight" })
    #expect(backlight.status == .warning)
    #expect(backlight.message.hasPrefix("not driven: 8 × SK6812 need an 800 kHz waveform"))
    #expect(!(try Self.findings("ncs314", on: .ready())).contains { $0.subject == "backlight" })
  }

  @Test func aPiThatLoadsNoRTCDriverIsWarnedWithTheOverlayToAdd() throws {
    let machine = FakeMachine.ready()
    machine.raspberryPiConfig = RaspberryPiConfig(path: "/boot/firmware/config.txt", text: "dtparam=spi=on\n")
    let findings = try Self.findings("ncs314", on: machine)
    #expect(Self.problems(findings).isEmpty, "\(findings)")
    let rtc = try #require(findings.first { $0.message.contains("real-time clock") })
    #expect(rtc.status == .warning)
    #expect(rtc.message.contains("DS3231 or RV3028"))
    #expect(rtc.fix?.contains("dtoverlay=i2c-rtc,ds3231 or dtoverlay=i2c-rtc,rv3028") == true)
  }

  @Test(arguments: ["dtoverlay=i2c-rtc,rv3028", "dtoverlay=i2c-rtc,ds3231,wakeup-source"])
  func aPiThatLoadsTheRTCDriverSaysWhichLineDoes(_ line: String) throws {
    let machine = FakeMachine.ready()
    machine.raspberryPiConfig = RaspberryPiConfig(
      path: "/boot/firmware/config.txt", text: "dtparam=spi=on\n# dtoverlay=i2c-rtc,pcf8563\n\(line)\n")
    let rtc = try #require(
      try Self.findings("ncs314", on: machine).first { $0.message.contains("real-time") })
    #expect(rtc.status == .ok)
    #expect(rtc.message == "loads the real-time clock's driver (\(line))")
  }

  @Test func anRTCOverlayForAnotherChipDoesNotCountAndBoardsWithoutAnRTCAreNotAsked() throws {
    let machine = FakeMachine.ready()
    machine.raspberryPiConfig = RaspberryPiConfig(
      path: "/boot/firmware/config.txt", text: "dtparam=spi=on\ndtoverlay=i2c-rtc,pcf8563\n")
    let rtc = try Self.findings("ncs314", on: machine).first { $0.message.contains("real-time") }
    #expect(rtc?.status == .warning)
    #expect(
      !(try Self.findings("hv5622-6xin14-spi", on: machine)).contains { $0.message.contains("real-time") })
  }

  /// A board bit-banged on SPI0's pins (hv5622-6xin14: MOSI, SCLK and CE0) while config.txt
  /// turns SPI on is warned, with the command that turns SPI off (issue 34); not its SPI
  /// version, nor with SPI off, commented out or only SPI1 on.
  @Test func aBoardBitBangedOnSPI0sPinsWhileSPIIsOnIsWarned() throws {
    let machine = FakeMachine.ready()
    machine.raspberryPiConfig = RaspberryPiConfig(path: "/boot/firmware/config.txt", text: "dtparam=spi=on\n")
    let findings = try Self.findings("hv5622-6xin14", on: machine)
    #expect(Self.problems(findings).isEmpty, "\(findings)")
    let warning = try #require(findings.first { $0.message.contains("SPI0's pins") })
    #expect(warning.status == .warning)
    #expect(warning.subject == "/boot/firmware/config.txt")
    #expect(
      warning.message
        == "turns SPI on (dtparam=spi=on), and the board bit-bangs on SPI0's pins: "
        + "le on 8 (CE0), din on 10 (MOSI), clk on 11 (SCLK); the SPI driver holds them")
    #expect(warning.fix?.contains("'sudo raspi-config nonint do_spi 1'") == true)
    for (board, text) in [
      ("hv5622-6xin14-spi", "dtparam=spi=on\n"), ("hv5622-6xin14", "dtparam=spi=off\n"),
      ("hv5622-6xin14", "# dtparam=spi=on\n"), ("hv5622-6xin14", "dtoverlay=spi1-3cs\n"),
      ("hv5622-6xin14", "dtparam=spi=on\ndtparam=spi=off\n"),
    ] {
      machine.raspberryPiConfig = RaspberryPiConfig(path: "/boot/firmware/config.txt", text: text)
      #expect(
        !(try Self.findings(board, on: machine)).contains { $0.message.contains("SPI0's pins") },
        "\(board) with \(text)")
    }
  }

  /// A Pi 5 on Debian's own kernel has no pinctrl-rp1: the doctor says the kernel is the
  /// cause and how to boot Raspberry Pi's (issue 34 §3), not just "no such chip"; on Raspberry
  /// Pi's kernel, or another model, the missing chip is reported as before.
  @Test func aPi5OnDebiansKernelIsToldToBootRaspberryPisKernel() throws {
    let machine = FakeMachine.ready()
    machine.chip = FakeChip(name: "gpiochip0", label: "gpio-brcmstb@107d508500")
    machine.machineModel = "Raspberry Pi 5 Model B Rev 1.0"
    machine.kernelRelease = "6.1.0-28-arm64"
    let problems = Self.problems(try Self.findings("hv5622-6xin14", on: machine))
    let kernel = try #require(problems.first { $0.subject == "kernel" }, "\(problems)")
    #expect(
      kernel.message
        == "this 'Raspberry Pi 5 Model B Rev 1.0' has no header GPIO chip (pinctrl-rp1), and its kernel "
        + "'6.1.0-28-arm64' is not Raspberry Pi's (no 'rpi' in its name): Debian's own kernel lacks most of "
        + "the RP1 support the header's GPIO is on")
    #expect(kernel.fix?.contains("linux-image-rpi-2712") == true)
    for (model, release) in [
      ("Raspberry Pi 5 Model B Rev 1.0", "6.6.51+rpt-rpi-2712"),
      ("Raspberry Pi 4 Model B Rev 1.4", "6.1.0-28-arm64"),
    ] {
      machine.machineModel = model
      machine.kernelRelease = release
      let problems = Self.problems(try Self.findings("hv5622-6xin14", on: machine))
      #expect(!problems.contains { $0.subject == "kernel" }, "\(model) \(release)")
      #expect(
        problems.contains { $0.message.hasPrefix("no chip is called or labelled") }, "\(model) \(release)")
    }
  }

  @Test func aMachineWithoutConfigTxtGetsNoFirmwareFinding() throws {
    let findings = try Self.findings("hv5622-6xin14-spi", on: FakeMachine.ready())
    #expect(!findings.contains { $0.subject.hasSuffix("config.txt") })
  }
}

/// config.txt as the Raspberry Pi firmware reads it, for SPI and I2C.
struct RaspberryPiConfigTests {
  static let spi = RaspberryPiConfig.Bus.spi
  static let i2c = RaspberryPiConfig.Bus.i2c

  @Test(
    arguments: [
      ("", spi, nil),
      ("#dtparam=spi=on", spi, nil),
      ("dtparam=spi=on", spi, "dtparam=spi=on"),
      ("dtparam=spi=on\ndtparam=spi=off", spi, nil),
      ("dtparam=spi=off\ndtparam=spi=on", spi, "dtparam=spi=on"),
      ("dtparam=audio=on,spi=on", spi, "dtparam=audio=on,spi=on"),
      ("dtparam=spi", spi, "dtparam=spi"),
      ("dtparam=spi=true", spi, "dtparam=spi=true"),
      ("dtparam=spi=no", spi, nil),
      ("  dtparam = spi = on  # for the tubes\r", spi, "dtparam = spi = on"),
      ("dtoverlay=spi1-3cs", spi, "dtoverlay=spi1-3cs"),
      ("dtparam=i2c_arm=on", spi, nil),
      ("dtparam=i2c_arm=on", i2c, "dtparam=i2c_arm=on"),
      ("dtparam=i2c=on", i2c, "dtparam=i2c=on"),
      ("dtparam=i2s=on", i2c, nil),
      ("dtparam=i2c_arm=off", i2c, nil),
      ("[pi4]\ndtparam=i2c_arm=on\n[all]", i2c, "dtparam=i2c_arm=on"),
      ("dtoverlay=i2c-gpio,bus=3", i2c, "dtoverlay=i2c-gpio,bus=3"),
      ("dtoverlay=spi0-1cs", i2c, nil),
    ] as [(String, RaspberryPiConfig.Bus, String?)])
  func theLineThatTurnsTheBusOn(text: String, bus: RaspberryPiConfig.Bus, line: String?) {
    #expect(RaspberryPiConfig(path: "config.txt", text: text).enablingLine(bus) == line)
  }

  @Test func raspberryPiOSBookwormsFreshConfigTurnsNeitherOn() {
    for bus in [Self.spi, Self.i2c] {
      #expect(BoardDoctorTests.freshPiConfig.enablingLine(bus) == nil, "\(bus.name)")
    }
  }
}

/// The ready machine with a chip that has fewer lines than the board uses.
struct SmallChipMachine: DoctorSystem {
  let base: FakeMachine
  let chip: FakeChip
  var libgpiodVersion: String { base.libgpiodVersion }
  var kernelRelease: String { base.kernelRelease }
  var userName: String { base.userName }
  var isRoot: Bool { base.isRoot }
  var processGroups: Set<String> { base.processGroups }
  var accountGroups: Set<String> { base.accountGroups }
  func node(_ path: String) -> DeviceNode? { base.node(path) }
  func canReadWrite(_ path: String) -> Bool { base.canReadWrite(path) }
  func devices(prefix: String) -> [String] { base.devices(prefix: prefix) }
  func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipInfo { chip }
  func probeSPI(_ wiring: SPIWiring) -> HardwareError? { nil }
  func probeI2C(bus: String, address: UInt8, chip: I2CExpander) -> HardwareError? { nil }
  var raspberryPiConfig: RaspberryPiConfig? { base.raspberryPiConfig }
  func i2cAdapterExists(_ bus: String) -> Bool { base.i2cAdapterExists(bus) }
  var machineModel: String? { base.machineModel }
}
