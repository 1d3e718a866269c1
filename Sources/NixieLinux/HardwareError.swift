import NixieSystem
import NixieTransports

/// A hardware call that failed, as a value: which device, what was being done, the errno, and
/// what the user can do about it. `nixie` prints `description` and exits 69.
///
/// What an errno means depends on when it came (ENXIO opening `/dev/i2c-1` is a missing bus,
/// ENXIO during a transfer a device that did not answer), so the problem is classified by
/// `Phase` from a table, and the fix comes from a second table by transport and problem.
public struct HardwareError: TransportFault, Hashable, Sendable, CustomStringConvertible {
  /// The kind of device.
  public enum Transport: String, Hashable, Sendable {
    case gpio, spi, i2c

    /// The group that owns such devices on Raspberry Pi OS (and with nixie's udev rules).
    public var group: String { rawValue }
  }

  /// What went wrong, in the terms of the fix.
  public enum Problem: String, Hashable, Sendable, CaseIterable {
    case missingDevice, permissionDenied, busy, noSuchLine, noSuchChip, noAnswer, busFault
    case unsupported, failed
  }

  /// When the failing call was made.
  public enum Phase: Hashable, Sendable {
    /// Opening the device node (or finding the chip).
    case open
    /// Requesting GPIO lines.
    case request
    /// Setting the device up: SPI mode and speed, the I2C address.
    case configure
    /// Moving data: setting lines, an SPI transfer, an I2C transaction.
    case transfer
  }

  public let transport: Transport
  /// The device node or chip, e.g. `/dev/gpiochip0` or `/dev/i2c-1`.
  public let device: String
  /// What was being done, e.g. `request lines 10 (din), 11 (clk)`.
  public let operation: String
  public let problem: Problem
  public let errno: Errno?
  /// A fact that sharpens the message, e.g. `held by "spi0 CS0"`.
  public let detail: String?
  /// What to do about it.
  public let fix: String

  public init(
    transport: Transport, device: String, operation: String, problem: Problem,
    errno: Errno? = nil, detail: String? = nil, fix: String? = nil
  ) {
    self.transport = transport
    self.device = device
    self.operation = operation
    self.problem = problem
    self.errno = errno
    self.detail = detail
    self.fix = fix ?? Self.fix(for: problem, transport: transport, device: device, detail: detail)
  }

  /// The error for `errno`, returned by `operation` on `device` during `phase`.
  public init(
    _ errno: Errno, transport: Transport, device: String, operation: String, phase: Phase,
    detail: String? = nil
  ) {
    self.init(
      transport: transport, device: device, operation: operation,
      problem: Self.problem(for: errno, during: phase, on: transport), errno: errno, detail: detail)
  }

  /// Setting lines of a request that was already given back (a bug, not a device fault).
  static func linesReleased(device: String) -> HardwareError {
    HardwareError(
      transport: .gpio, device: device, operation: "set lines", problem: .failed,
      detail: "the lines were released")
  }

  /// A NACK or a bus glitch may pass: drivers retry those, and long-running programs go on.
  public var isTransient: Bool { problem == .noAnswer || problem == .busFault }

  /// Whether the device itself is not there (no chip, no bus, no spidev): on a machine
  /// without the hardware, a command with a simulator may say so.
  public var isMissingDevice: Bool { problem == .missingDevice || problem == .noSuchChip }

  public var description: String {
    var text = "\(device): \(operation): \(Self.wording[problem] ?? problem.rawValue)"
    if let detail { text += " (\(detail))" }
    if let errno { text += " [\(errno)]" }
    return text + " — " + fix
  }

  // MARK: - The tables

  /// What each errno means in each phase; anything else is `.failed`.
  static let problems: [Phase: [Errno: Problem]] = [
    .open: [
      .noSuchFile: .missingDevice, .noSuchDevice: .missingDevice,
      .noSuchDeviceOrAddress: .missingDevice, .permissionDenied: .permissionDenied,
      .notPermitted: .permissionDenied, .busy: .busy, .notATypewriter: .noSuchChip,
    ],
    .request: [
      .busy: .busy, .permissionDenied: .permissionDenied, .notPermitted: .permissionDenied,
      .invalidArgument: .unsupported, .notSupported: .unsupported, .noSuchDevice: .missingDevice,
    ],
    .configure: [
      .invalidArgument: .unsupported, .notSupported: .unsupported, .busy: .busy,
      .notATypewriter: .noSuchChip, .permissionDenied: .permissionDenied,
      .notPermitted: .permissionDenied, .noSuchDevice: .missingDevice,
    ],
    .transfer: [
      .noSuchDeviceOrAddress: .noAnswer, .remoteIO: .noAnswer, .ioError: .busFault,
      .timedOut: .busFault, .tryAgain: .busFault, .protocolError: .busFault,
      .noSuchDevice: .missingDevice, .notSupported: .unsupported,
    ],
  ]

  /// Where a transport's errno means something else than `problems` says. An I2C transfer
  /// goes to an adapter that is open and answered I2C_FUNCS, so ENODEV there is about the
  /// address, not the bus: i2c-stub answers it for an address with no chip (the kernel's
  /// fault codes reserve ENXIO for a NACK, but adapters vary).
  static let transportProblems: [Transport: [Phase: [Errno: Problem]]] = [
    .i2c: [.transfer: [.noSuchDevice: .noAnswer]]
  ]

  /// The problem an errno from a call in `phase` on `transport` stands for.
  public static func problem(for errno: Errno, during phase: Phase, on transport: Transport? = nil) -> Problem
  {
    transport.flatMap { transportProblems[$0]?[phase]?[errno] } ?? problems[phase]?[errno] ?? .failed
  }

  static let wording: [Problem: String] = [
    .missingDevice: "no such device", .permissionDenied: "permission denied", .busy: "busy",
    .noSuchLine: "no such line", .noSuchChip: "not found", .noAnswer: "no answer (NACK)",
    .busFault: "bus error", .unsupported: "not supported", .failed: "failed",
  ]

  private static func joinGroup(_ group: String) -> String {
    "add your user to group \(group) (sudo usermod -aG \(group) $USER, then log in again) or "
      + "install nixie's udev rules (see udev/README.md)"
  }

  /// What to do, by transport and problem. `DEVICE` and `BUS` are filled in.
  static let fixes: [Transport: [Problem: String]] = [
    .gpio: [
      .missingDevice: "there is no such GPIO chip here: list the chips with 'gpiodetect' and set "
        + "gpio.chip in the board profile (a name, /dev path or label)",
      .permissionDenied: joinGroup("gpio"),
      .busy: "another program or driver holds the line (see 'gpioinfo'): stop it, or wire the "
        + "board to free lines",
      .noSuchLine: "DEVICE has fewer lines: check the line numbers in the board profile and "
        + "gpio.chip ('gpioinfo DEVICE' lists the lines)",
      .noSuchChip: "no GPIO chip has that name or label: list them with 'gpiodetect' and set "
        + "gpio.chip in the board profile to a name (gpiochip0), a /dev path or a label",
      .unsupported: "the kernel refused the line settings: pull-up bias needs Linux 5.5 or later "
        + "(set encoder pull-up: false and fit external pull-ups)",
    ],
    .spi: [
      .missingDevice: "enable SPI: add dtparam=spi=on to /boot/firmware/config.txt (or run "
        + "'sudo raspi-config nonint do_spi 0') and reboot; elsewhere load your board's spidev "
        + "overlay",
      .permissionDenied: joinGroup("spi"),
      .busy: "another program holds DEVICE: stop it",
      .noSuchChip: "DEVICE is not an spidev device: check spi.device in the board profile",
      .unsupported: "the SPI controller refused the settings: check spi in the board profile "
        + "(mode 1 or 2, speed-hz up to 8000000, bits-per-word 8)",
      .busFault: "the transfer failed: check the wiring and run 'nixie doctor'",
    ],
    .i2c: [
      .missingDevice: "enable I2C: add dtparam=i2c_arm=on to /boot/firmware/config.txt (or run "
        + "'sudo raspi-config nonint do_i2c 0') and reboot; elsewhere 'sudo modprobe i2c-dev'",
      .permissionDenied: joinGroup("i2c"),
      .busy: "a kernel driver has claimed the address ('i2cdetect -y BUS' shows UU): remove its "
        + "dtoverlay or unbind the driver",
      .noAnswer: "no device acknowledged: check the wiring, the power and the address pins "
        + "(A0–A2), and look for it with 'i2cdetect -y BUS'",
      .busFault: "the bus misbehaved (noise, missing pull-ups, a device holding SDA low): check "
        + "the wiring and the pull-ups",
      .noSuchChip: "DEVICE is not an I2C bus: check i2c.bus in the board profile",
      .unsupported: "the I2C adapter cannot do what the chip needs (I2C block writes): use one "
        + "that can, such as the Raspberry Pi's",
    ],
  ]

  /// The fix for `problem` on `device`; a busy line held by the SPI driver gets its own.
  public static func fix(
    for problem: Problem, transport: Transport, device: String, detail: String? = nil
  ) -> String {
    if transport == .gpio, problem == .busy, let detail, detail.lowercased().contains("spi") {
      return "the SPI driver holds the line: to bit-bang these pins turn SPI off "
        + "(dtparam=spi=off in /boot/firmware/config.txt, or 'sudo raspi-config nonint do_spi 1', "
        + "and reboot), or drive the board through spidev (e.g. --board hv5622-6xin14-spi)"
    }
    let template =
      fixes[transport]?[problem]
      ?? "run 'nixie doctor' for a full check of what the board needs"
    let bus = device.split(separator: "-").last.map(String.init) ?? device
    return template.replacing("DEVICE", with: device).replacing("BUS", with: bus)
  }
}
