import NixieLinux
import NixieText

/// `nixie doctor` before a board is chosen: the facts of this machine that help choose one
/// and set the machine up — its GPIO chips and their labels (a built-in board finds the
/// Raspberry Pi header's chip by its label), the user's groups, whether SPI and I2C are on,
/// the libgpiod and kernel versions — and the finding that no board is chosen, with how to
/// choose one. It only looks, as `BoardDoctor` does.
public struct MachineDoctor {
  /// One GPIO chip as libgpiod reports it.
  public struct Chip: Hashable, Sendable {
    public var path: String
    public var name: String
    public var label: String
    public var lines: Int
  }

  /// What the doctor found on the machine.
  public struct Facts: Hashable, Sendable {
    public var libgpiod: String
    public var kernel: String
    public var user: String
    /// The groups of this login, sorted.
    public var groups: [String]
    public var chips: [Chip]
    /// The spidev and i2c-dev nodes there are (none: the bus is not enabled).
    public var spi: [String]
    public var i2c: [String]
  }

  /// How to choose a board, for the finding's fix.
  public let howToChoose: String
  private let system: DoctorSystem

  public init(howToChoose: String) {
    self.init(howToChoose: howToChoose, system: LinuxDoctorSystem())
  }

  init(howToChoose: String, system: DoctorSystem) {
    self.howToChoose = howToChoose
    self.system = system
  }

  /// The facts and the findings, in the order checked; the last finding is "no board chosen".
  public func run() -> (facts: Facts, findings: [DoctorFinding]) {
    var chips: [Chip] = []
    var findings = [
      BoardDoctor.libgpiodFinding(system.libgpiodVersion), DoctorFinding(.ok, "kernel", system.kernelRelease),
    ]
    let paths = system.devices(prefix: "gpiochip")
    if paths.isEmpty {
      findings.append(
        DoctorFinding(
          .warning, "GPIO", "this machine has no /dev/gpiochip*",
          fix: "on a Raspberry Pi, check the kernel; elsewhere --backend sim runs any board on the simulator")
      )
    }
    for path in paths {
      do throws(HardwareError) {
        let chip = try system.openChip(path)
        chips.append(Chip(path: path, name: chip.name, label: chip.label, lines: Int(chip.lineCount)))
        findings.append(
          DoctorFinding(.ok, path, "\(chip.label), \(Counted.text(Int(chip.lineCount), "line"))"))
      } catch {
        findings.append(DoctorFinding(.warning, path, error.description, fix: error.fix))
      }
    }
    let groups = system.processGroups.sorted()
    findings.append(
      DoctorFinding(.ok, "groups", "\(system.userName) is in " + groups.joined(separator: ", ")))
    let spi = system.devices(prefix: "spidev")
    let i2c = system.devices(prefix: "i2c-")
    findings += [busFinding(.spi, devices: spi), busFinding(.i2c, devices: i2c)]
    findings.append(DoctorFinding(.problem, "board", "no board chosen", fix: howToChoose))
    let facts = Facts(
      libgpiod: system.libgpiodVersion, kernel: system.kernelRelease, user: system.userName, groups: groups,
      chips: chips, spi: spi, i2c: i2c)
    return (facts, findings)
  }

  /// Whether a bus is on: its nodes, or how to turn it on (raspi-config on a Raspberry Pi).
  private func busFinding(_ bus: RaspberryPiConfig.Bus, devices: [String]) -> DoctorFinding {
    guard devices.isEmpty else {
      return DoctorFinding(.ok, bus.name, "enabled: " + devices.joined(separator: ", "))
    }
    let (nodes, module) = bus == .spi ? ("spidev*", "spidev") : ("i2c-*", "i2c-dev")
    let fix =
      system.raspberryPiConfig.map {
        "if the board needs it, run '\(bus.command)' (it adds \(bus.line) to \($0.path)), then reboot"
      } ?? "if the board needs it, load the bus controller's driver and \(module)"
    return DoctorFinding(.ok, bus.name, "not enabled (no /dev/\(nodes))", fix: fix)
  }
}

extension MachineDoctor.Facts {
  /// The facts as a JSON object.
  var json: String {
    let chips = chips.map { chip in
      JSONText.object([
        ("path", JSONText.quoted(chip.path)), ("name", JSONText.quoted(chip.name)),
        ("label", JSONText.quoted(chip.label)), ("lines", String(chip.lines)),
      ])
    }
    return JSONText.object([
      ("libgpiod", JSONText.quoted(libgpiod)), ("kernel", JSONText.quoted(kernel)),
      ("user", JSONText.quoted(user)),
      ("groups", JSONText.array(groups)), ("gpio_chips", JSONText.array(json: chips)),
      ("spi", JSONText.array(spi)), ("i2c", JSONText.array(i2c)),
    ])
  }
}

extension [DoctorFinding] {
  /// The report without a board, as one JSON object: `board` null, the machine's facts, each
  /// finding, the counts.
  public func jsonReport(machine facts: MachineDoctor.Facts, version: String) -> String {
    JSONText.object([
      ("nixie", JSONText.quoted(version)), ("board", "null"), ("summary", "null"), ("machine", facts.json),
      ("findings", JSONText.array(json: map(\.json))), ("problems", String(problems)),
      ("warnings", String(warnings)),
    ])
  }

  /// The report without a board: a heading, a line per finding, and the counts.
  public var machineReport: String {
    "nixie doctor: no board chosen; this machine:\n" + findingLines
      + "\(Counted.text(problems, "problem")), \(Counted.text(warnings, "warning"))\n"
  }
}
