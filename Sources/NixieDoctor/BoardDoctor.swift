import NixieBackend
import NixieBoardModel
import NixieLinux
import NixieRoom
import NixieText

/// `nixie doctor`: checks that this machine has what a board needs, and says how to fix what
/// it has not — device nodes present, permissions and the user's groups, lines free or who
/// holds them, the I2C addresses answering, the libgpiod and kernel versions.
///
/// It only looks: nothing is requested or written, so it is safe while `nixie clock` runs
/// (whose lines then show up as held by "nixie").
public struct BoardDoctor {
  public let board: BoardProfile
  /// The machine's facts: this one's (`LinuxDoctorSystem`), or a test's.
  var system: DoctorSystem = LinuxDoctorSystem()
  /// The light sensor `brightness: auto` reads; nil when it is not set.
  var lightSensor: LightSensorChoice?
  /// Where light sensors are looked for (sysfs); nil: not looked for.
  var sensorFiles: SensorFiles?

  /// Every finding, in the order checked.
  public func run() -> [DoctorFinding] {
    let plan = TransportPlan(board: board)
    var findings = [Self.libgpiodFinding(system.libgpiodVersion)] + kernelFindings(plan)
    var chips: [(chip: String, lines: [(LineRole, UInt32)])] = []
    for group in [plan.outputs.map { ($0.chip, $0.lines) }, plan.inputs.map { ($0.chip, $0.lines) }]
      + Self.boardLines(plan, buzzer: board.buzzer, presence: board.presence)
    {
      guard let (chip, lines) = group else { continue }
      let sorted = lines.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
      if let index = chips.firstIndex(where: { $0.chip == chip }) {
        chips[index].lines += sorted
      } else {
        chips.append((chip, sorted))
      }
    }
    for (chip, lines) in chips { findings += gpioFindings(chip: chip, lines: lines) }
    findings += spiPinFindings(plan)
    if let spi = plan.spi { findings += spiFindings(spi) }
    if let i2c = plan.i2c { findings += i2cFindings(i2c) }
    findings += rtcFindings()
    findings += lightSensorFindings()
    if case .addressable(let chain) = board.backlight {
      findings.append(
        DoctorFinding(
          .warning, "backlight", "not driven: \(chain.reason)",
          fix: "leave it dark, or drive it with a program made for \(chain.part) LEDs"))
    }
    return findings
  }

  /// The board's other lines, one group each: the detect line, the backlight's, the buttons',
  /// the buzzer's and the presence line (nixie requests all but the buzzer's; a held buzzer
  /// line is still worth knowing about).
  private static func boardLines(_ plan: TransportPlan, buzzer: BuzzerWiring?, presence: PresenceWiring?)
    -> [(String, [LineRole: UInt32])?]
  {
    var groups: [(String, [LineRole: UInt32])?] = [plan.detect.map { ($0.chip, [.detect: $0.line]) }]
    if let rgb = plan.backlight {
      groups.append((rgb.chip, [.red: rgb.red, .green: rgb.green, .blue: rgb.blue]))
    }
    for button in plan.buttons { groups.append((button.chip, [button.role: button.line])) }
    if let buzzer { groups.append((buzzer.chip, [.buzzer: buzzer.line])) }
    if let presence { groups.append((presence.chip, [.presence: presence.line])) }
    return groups
  }

  /// The header chip of a Raspberry Pi 5 (or CM5) missing because the kernel is not
  /// Raspberry Pi's: Debian's own arm64 kernel lacks most of the RP1 support the header's GPIO
  /// is on, so "no such chip" would send the user looking in the wrong place.
  private func piKernelFinding(_ reference: ChipReference) -> DoctorFinding? {
    guard reference.labels.contains("pinctrl-rp1"), let model = system.machineModel,
      model.hasPrefix("Raspberry Pi 5") || model.hasPrefix("Raspberry Pi Compute Module 5"),
      !system.kernelRelease.contains("rpi")
    else { return nil }
    return DoctorFinding(
      .problem, "kernel",
      "this \(Printable.quoted(model, limit: 64)) has no header GPIO chip (pinctrl-rp1), and its kernel "
        + "\(Printable.quoted(system.kernelRelease, limit: 64)) is not Raspberry Pi's (no 'rpi' in its name): "
        + "Debian's own kernel lacks most of the RP1 support the header's GPIO is on",
      fix: "boot Raspberry Pi's kernel: 'sudo apt install linux-image-rpi-2712' from archive.raspberrypi.com "
        + "(Raspberry Pi OS has it), then reboot")
  }

  // MARK: - SPI0's pins

  /// The header's SPI0 pins (BCM numbers) and what SPI uses each for.
  static let spi0Pins: [UInt32: String] = [7: "CE1", 8: "CE0", 9: "MISO", 10: "MOSI", 11: "SCLK"]

  /// A board bit-banged on the Pi header's SPI0 pins while config.txt turns SPI on: the SPI
  /// driver owns those pins (its chip selects are lines the kernel holds), so the clock finds
  /// them busy or fights the controller for them. A warning with the two ways out.
  private func spiPinFindings(_ plan: TransportPlan) -> [DoctorFinding] {
    guard plan.spi == nil, let outputs = plan.outputs, let config = system.raspberryPiConfig,
      let line = config.enablingLine(.spi0), isRaspberryPiHeader(outputs.chip)
    else { return [] }
    let taken = outputs.lines.compactMap { role, offset in
      Self.spi0Pins[offset].map { (offset, "\(role.name) on \(offset) (\($0))") }
    }.sorted { $0.0 < $1.0 }.map(\.1)
    guard !taken.isEmpty else { return [] }
    return [
      DoctorFinding(
        .warning, config.path,
        "turns SPI on (\(line)), and the board bit-bangs on SPI0's pins: \(taken.joined(separator: ", ")); "
          + "the SPI driver holds them",
        fix: "turn SPI off ('\(RaspberryPiConfig.Bus.spi0.command)', or remove the line) and reboot, "
          + "or drive the board through SPI if its profile has a version for it")
    ]
  }

  /// Whether `reference` is the Raspberry Pi header's chip: the `raspberry-pi` alias, one of
  /// its labels, or a chip here that has one.
  private func isRaspberryPiHeader(_ reference: String) -> Bool {
    let headerLabels = Set(ChipReference.raspberryPiHeaderLabels)
    if !headerLabels.isDisjoint(with: ChipReference(reference).labels) { return true }
    return (try? system.openChip(reference)).map { headerLabels.contains($0.label) } ?? false
  }

  // MARK: - The board's real-time clock

  /// On a Raspberry Pi, whether config.txt loads the driver of the real-time clock the board
  /// carries, so the kernel sets the time from it at boot. Only a warning without it: the clock
  /// still runs from the network's time.
  private func rtcFindings() -> [DoctorFinding] {
    guard !board.rtc.isEmpty, let config = system.raspberryPiConfig else { return [] }
    if let line = config.rtcOverlayLine(for: board.rtc) {
      return [DoctorFinding(.ok, config.path, "loads the real-time clock's driver (\(line))")]
    }
    let names = board.rtc.map { $0.rawValue.uppercased() }.joined(separator: " or ")
    let overlays = board.rtc.map(\.overlay).joined(separator: " or ")
    return [
      DoctorFinding(
        .warning, config.path,
        "loads no driver for the board's real-time clock (\(names)): the time is lost while the Pi is off",
        fix: "add \(overlays) (the chip the board carries) to \(config.path), then reboot")
    ]
  }

  // MARK: - The light sensor

  /// Whether the light sensor `brightness: auto` reads is there and what it reads (a
  /// warning when not: the clock then keeps its fixed brightness), with the overlay that
  /// adds one on a Raspberry Pi; without `brightness: auto`, the sensors there are, if any.
  private func lightSensorFindings() -> [DoctorFinding] {
    guard let files = sensorFiles else { return [] }
    let subject = "light sensor"
    guard let choice = lightSensor else {
      let sensors = IIOLightSensor.all(files: files).map(\.description)
      guard !sensors.isEmpty else { return [] }
      return [
        DoctorFinding(
          .ok, subject, sensors.joined(separator: ", ") + " (brightness: auto in nixie.yaml would follow it)")
      ]
    }
    let sensor: IIOLightSensor
    switch IIOLightSensor.find(choice, files: files) {
    case .success(let found):
      sensor = found
    case .failure(let error):
      return [
        DoctorFinding(
          .warning, subject, "\(error): brightness: auto keeps the fixed brightness",
          fix: lightSensorFix(choice))
      ]
    }
    var check = LightReadingCheck()
    switch sensor.read(files: files) {
    case .lux(let lux):
      if let problem = check.check(lux, at: 0) {
        return [
          DoctorFinding(
            .warning, subject, "\(sensor) \(problem): brightness: auto keeps the fixed brightness",
            fix: "check the sensor's wiring and that nothing covers it")
        ]
      }
      return [DoctorFinding(.ok, subject, "\(sensor) reads \(LuxText.text(lux)) lux (brightness: auto)")]
    case .failed(let reason):
      return [
        DoctorFinding(
          .warning, subject, "\(sensor): \(reason): brightness: auto keeps the fixed brightness",
          fix: "check the sensor's wiring and power (i2cdetect shows whether it answers)")
      ]
    }
  }

  /// How to get the light sensor `choice` names: on a Raspberry Pi, the i2c-sensor overlay's
  /// line for it (or a word on the one config.txt already has); elsewhere, its kernel driver.
  private func lightSensorFix(_ choice: LightSensorChoice) -> String {
    let overlays = RaspberryPiConfig.lightSensorOverlays
    let wanted: [RaspberryPiConfig.LightSensorOverlay]
    if case .named(let name) = choice, let known = overlays.first(where: { $0.model == name }) {
      wanted = [known]
    } else {
      wanted = overlays
    }
    let lines = wanted.map { "\($0.line) (\($0.part) at \(Hex.byte($0.address)))" }.joined(separator: " or ")
    guard let config = system.raspberryPiConfig else {
      return "load the sensor's kernel driver, e.g. for a BH1750 on I2C bus 1: "
        + "echo bh1750 0x23 | sudo tee /sys/bus/i2c/devices/i2c-1/new_device"
    }
    if let line = config.lightSensorOverlayLine() {
      return "\(config.path) has \(line), but the kernel shows no sensor: check its wiring to I2C 1 "
        + "(i2cdetect -y 1 shows whether it answers) and reboot"
    }
    return "wire an I2C light sensor to the Pi's I2C 1 and add \(lines) to \(config.path), then reboot"
  }

  // MARK: - Versions

  /// libgpiod's version and the API this build is made for.
  static func libgpiodFinding(_ version: String) -> DoctorFinding {
    DoctorFinding(
      .ok, "libgpiod", "\(version) (v\(Libgpiod.apiMajor) API: the one this build is made for)")
  }

  private func kernelFindings(_ plan: TransportPlan) -> [DoctorFinding] {
    let release = system.kernelRelease
    let numbers = release.split(whereSeparator: { !$0.isNumber }).prefix(2).compactMap { Int($0) }
    guard numbers.count == 2 else { return [DoctorFinding(.ok, "kernel", release)] }
    let version = (numbers[0], numbers[1])
    if let inputs = plan.inputs, inputs.pullUp, version < (5, 5) {
      return [
        DoctorFinding(
          .warning, "kernel", "\(release): no line bias before Linux 5.5, so no pull-ups for the encoder",
          fix: "fit external pull-up resistors on the encoder lines, or update the kernel")
      ]
    }
    if plan.inputs != nil, version < (5, 7) {
      return [
        DoctorFinding(
          .warning, "kernel", "\(release): edge timestamps use the realtime clock before Linux 5.7",
          fix: "update the kernel; a clock step can upset the encoder's timing until then")
      ]
    }
    return [DoctorFinding(.ok, "kernel", "\(release): line bias and monotonic edge timestamps")]
  }

  // MARK: - Device nodes and permissions

  /// Whether `path` exists as a character device this user may open; nil when it is usable.
  private func nodeFindings(
    _ path: String, transport: HardwareError.Transport, missingMessage: String
  ) -> [DoctorFinding] {
    guard let node = system.node(path) else {
      return [
        DoctorFinding(
          .problem, path, missingMessage,
          fix: HardwareError.fix(for: .missingDevice, transport: transport, device: path))
      ]
    }
    guard node.isCharacterDevice else {
      return [
        DoctorFinding(
          .problem, path, "is not a device node",
          fix: HardwareError.fix(for: .noSuchChip, transport: transport, device: path))
      ]
    }
    return [permissionFinding(path, node: node, transport: transport)]
  }

  private func permissionFinding(
    _ path: String, node: DeviceNode, transport: HardwareError.Transport
  ) -> DoctorFinding {
    let user = system.userName
    let owner = "group \(node.group), mode 0\(String(node.permissions, radix: 8))"
    if system.canReadWrite(path) {
      return DoctorFinding(.ok, path, "present, and \(user) may use it (\(owner))")
    }
    let groupCanUse = node.permissions & 0o060 == 0o060
    if !groupCanUse || node.group == "root" {
      return DoctorFinding(
        .problem, path, "\(user) may not open it (\(owner))",
        fix: "install nixie's udev rules (see udev/README.md): they give \(path) to group "
          + "\(transport.group) with mode 0660; then add \(user) to that group")
    }
    if system.accountGroups.contains(node.group) && !system.processGroups.contains(node.group) {
      return DoctorFinding(
        .problem, path, "\(user) is in group \(node.group), but not in this login yet (\(owner))",
        fix: "log out and in again (or run 'newgrp \(node.group)')")
    }
    return DoctorFinding(
      .problem, path, "\(user) is not in group \(node.group) (\(owner))",
      fix: "sudo usermod -aG \(node.group) \(user), then log out and in again")
  }

  // MARK: - GPIO

  private func gpioFindings(chip reference: String, lines: [(LineRole, UInt32)]) -> [DoctorFinding] {
    let path = reference.hasPrefix("/") ? reference : "/dev/" + reference
    let chipReference = ChipReference(reference)
    let present = system.devices(prefix: "gpiochip")
    let missing = "no such GPIO chip"
    var findings: [DoctorFinding] = []
    let byNode = system.node(path) != nil || reference.hasPrefix("/")
    if byNode {
      findings += nodeFindings(path, transport: .gpio, missingMessage: missing)
      if findings.contains(where: { $0.status == .problem }) { return findings }
    } else if present.isEmpty {
      let problem = DoctorFinding(
        .problem, chipReference.devicePath ?? reference,
        missing + ": this machine has no /dev/gpiochip* at all",
        fix: HardwareError.fix(for: .missingDevice, transport: .gpio, device: path)
          + "; on a machine without GPIO, --backend sim runs the board on the simulator")
      return [problem]
    }
    let chip: any GPIOChipInfo
    do throws(HardwareError) {
      chip = try system.openChip(reference)
    } catch {
      if error.problem == .noSuchChip && chipReference.devicePath == nil {
        // A label (or `raspberry-pi`, the Pi header's labels) that no chip here has: name the
        // labels and the chips there are, or the kernel that lacks the chip.
        let chips = present.map { $0.replacing("/dev/", with: "") }.joined(separator: ", ")
        return findings + [
          piKernelFinding(chipReference)
            ?? DoctorFinding(
              .problem, reference, chipReference.notFoundDetail + " (this machine has \(chips))",
              fix: error.fix)
        ]
      }
      // Looking for a label opens every chip: one the user may not open says why.
      if error.problem == .permissionDenied && !byNode,
        let denied = present.lazy.map({ self.nodeFindings($0, transport: .gpio, missingMessage: missing) })
          .first(where: { $0.contains { $0.status == .problem } })
      {
        return findings + denied
      }
      return findings + [DoctorFinding(.problem, reference, error.description, fix: error.fix)]
    }
    if !reference.hasPrefix("/dev/gpiochip") && reference != chip.name {
      findings.append(DoctorFinding(.ok, reference, "is /dev/\(chip.name) (\(chip.label))"))
    }
    if !byNode {
      // Found by its label: its node, as for a chip named by its path.
      findings += nodeFindings("/dev/" + chip.name, transport: .gpio, missingMessage: missing)
      if findings.contains(where: { $0.status == .problem }) { return findings }
    }
    for (role, offset) in lines {
      let subject = "\(chip.name) line \(offset) (\(role.name))"
      guard offset < chip.lineCount else {
        findings.append(
          DoctorFinding(
            .problem, subject, "no such line: \(chip.name) (\(chip.label)) has \(chip.lineCount) lines",
            fix: HardwareError.fix(for: .noSuchLine, transport: .gpio, device: "/dev/" + chip.name)))
        continue
      }
      do throws(HardwareError) {
        let info = try chip.lineInfo(offset)
        if info.isUsed {
          let mine = info.consumer == "nixie"
          findings.append(
            DoctorFinding(
              mine ? .warning : .problem, subject, info.holder,
              fix: mine
                ? "another nixie (a running 'nixie clock'?) holds it: stop it before using the board"
                : HardwareError.fix(
                  for: .busy, transport: .gpio, device: "/dev/" + chip.name, detail: info.consumer)))
        } else {
          findings.append(DoctorFinding(.ok, subject, "free"))
        }
      } catch {
        findings.append(DoctorFinding(.problem, subject, error.description, fix: error.fix))
      }
    }
    return findings
  }

  // MARK: - SPI and I2C

  /// On a Raspberry Pi, whether config.txt turns `bus` on; nothing elsewhere. Not turned on
  /// is a problem while `device` is missing, and only a warning once something else made it.
  private func firmwareFindings(_ bus: RaspberryPiConfig.Bus, device: String) -> [DoctorFinding] {
    guard let config = system.raspberryPiConfig else { return [] }
    if let line = config.enablingLine(bus) {
      return [DoctorFinding(.ok, config.path, "turns \(bus.name) on (\(line))")]
    }
    return [
      DoctorFinding(
        system.node(device) == nil ? .problem : .warning, config.path,
        "does not turn \(bus.name) on (no \(bus.line))",
        fix: "run '\(bus.command)' (it adds \(bus.line)), then reboot")
    ]
  }

  private func spiFindings(_ wiring: SPIWiring) -> [DoctorFinding] {
    let findings =
      firmwareFindings(.spi, device: wiring.device)
      + nodeFindings(
        wiring.device, transport: .spi,
        missingMessage: "no such SPI device"
          + (system.devices(prefix: "spidev").isEmpty ? " (SPI is not enabled: no /dev/spidev*)" : ""))
    guard !findings.contains(where: { $0.status == .problem }) else { return findings }
    if let error = system.probeSPI(wiring) {
      return findings + [DoctorFinding(.problem, wiring.device, error.description, fix: error.fix)]
    }
    return findings + [
      DoctorFinding(
        .ok, wiring.device, "takes mode \(wiring.mode), \(wiring.speedHz) Hz, \(wiring.bitsPerWord) bits")
    ]
  }

  /// On a Raspberry Pi whose config.txt turns I2C on, why `bus` has no node: the kernel has
  /// the bus but the i2c-dev module that makes its node is not loaded, or it has no such bus
  /// yet (config.txt is read at boot). Nil when the node is there, or config.txt leaves I2C off
  /// (`firmwareFindings` then says which line to add).
  private func missingI2CNodeFinding(_ bus: String) -> DoctorFinding? {
    guard system.node(bus) == nil, system.raspberryPiConfig?.enablingLine(.i2c) != nil else { return nil }
    if system.i2cAdapterExists(bus) {
      return DoctorFinding(
        .problem, bus,
        "no such device node: I2C is on and the kernel has the bus, but the i2c-dev module is not loaded",
        fix: "run 'sudo modprobe i2c-dev'; to load it at every boot: "
          + "echo i2c-dev | sudo tee /etc/modules-load.d/i2c-dev.conf")
    }
    return DoctorFinding(
      .problem, bus, "no such I2C bus: config.txt turns I2C on, but the kernel has not made the bus",
      fix: "reboot (the firmware reads config.txt at boot); if it is still missing, 'sudo modprobe i2c-dev'"
        + " and look for i2c in 'dmesg'")
  }

  private func i2cFindings(_ expanders: TransportPlan.Expanders) -> [DoctorFinding] {
    let bus = expanders.bus
    if let missing = missingI2CNodeFinding(bus) { return firmwareFindings(.i2c, device: bus) + [missing] }
    var findings =
      firmwareFindings(.i2c, device: bus)
      + nodeFindings(
        bus, transport: .i2c,
        missingMessage: "no such I2C bus"
          + (system.devices(prefix: "i2c-").isEmpty ? " (I2C is not enabled: no /dev/i2c-*)" : ""))
    guard !findings.contains(where: { $0.status == .problem }) else { return findings }
    for address in expanders.addresses {
      let subject = "\(bus) \(Hex.byte(address))"
      if let error = system.probeI2C(bus: bus, address: address, chip: expanders.chip) {
        findings.append(DoctorFinding(.problem, subject, error.description, fix: error.fix))
      } else {
        findings.append(DoctorFinding(.ok, subject, "the \(expanders.chip.rawValue) answers"))
      }
    }
    return findings
  }
}
