import NixieCore
import NixieSystem

/// A board on its real transports — the `--backend hardware` of every command.
///
/// It opens what the board's `TransportPlan` lists (the gpiochip lines through libgpiod, the
/// spidev device, the i2c-dev bus), holds them for its lifetime, and builds the board's driver
/// on them (`DisplayDrivers`). A board with a chip variant has its detect line read once first,
/// as the vendor firmware does, and is driven as the chips it carries (`board`).
/// Any failure is a `HardwareError` that says what to do. The encoder's lines are not taken
/// here: `GPIOEdgeEventSource` watches them.
public final class HardwareBoard {
  /// The profile as driven: resolved for the chip variant the detect line reported.
  public let board: BoardProfile
  public let plan: TransportPlan
  /// Whether the detect line read low (the variant's chips are fitted); nil without a variant.
  public let detectedLow: Bool?
  /// The driver to write frames to; call `start()` on it before the first write.
  public var driver: any DisplayDriver { reporter }
  /// The GPIO output lines (nil on expander boards), with what was written to them.
  public let lines: TracingGPIOLines?
  /// The backlight's PWM lines (`TransportPlan.backlight`), a request of their own, dark at
  /// first; nil when the board has none to drive by GPIO.
  public let backlightLines: GPIOLines?

  private let reporter: ReportingDisplayDriver
  private let gpio: GPIOChipLines?
  private let transports: [AnyObject]

  /// Opens `board`'s transports as `consumer` (the name `gpioinfo` shows) and builds its
  /// driver; `clock` stamps traces and times the I2C retries.
  public convenience init(board: BoardProfile, clock: MonotonicClock, consumer: String = "nixie")
    throws(HardwareError)
  {
    try self.init(board: board, clock: clock, opener: LinuxTransports(consumer: consumer))
  }

  init(board profile: BoardProfile, clock: MonotonicClock, opener: TransportOpener) throws(HardwareError) {
    var low: Bool?
    if let variant = profile.variant {
      low = !(try opener.readLevel(chip: variant.chip, line: variant.line, pullUp: variant.pullUp))
    }
    detectedLow = low
    let board = profile.resolved(detectLow: low ?? false)
    self.board = board
    let plan = TransportPlan(board: board)
    self.plan = plan
    var transports: [AnyObject] = []
    if let outputs = plan.outputs {
      let opened = try opener.openOutputs(outputs)
      transports.append(opened)
      gpio = opened as? GPIOChipLines
      lines = TracingGPIOLines(opened, levels: outputs.initialLevels, clock: clock)
    } else {
      gpio = nil
      lines = nil
    }
    if let rgb = plan.backlight {
      let dark = rgb.activeHigh ? LineSet() : LineSet([.red, .green, .blue])
      let opened = try opener.openOutputs(
        TransportPlan.Outputs(chip: rgb.chip, lines: rgb.lines, initialLevels: dark))
      transports.append(opened)
      backlightLines = opened
    } else {
      backlightLines = nil
    }
    var spi: SPIDevice?
    var i2c: I2CBus?
    if let wiring = plan.spi {
      let opened = try opener.openSPI(wiring)
      transports.append(opened)
      spi = opened
    } else if let expanders = plan.i2c {
      let opened = try opener.openI2C(expanders)
      transports.append(opened)
      i2c = opened
    }
    guard let inner = DisplayDrivers.driver(for: board, lines: lines, spi: spi, i2c: i2c, clock: clock) else {
      throw HardwareError(
        transport: .gpio, device: board.name, operation: "build the driver", problem: .failed,
        detail: "the profile names no gpio, spi or i2c wiring for \(board.chip.name)",
        fix: "add the wiring to the board profile (see docs/INTERFACE.md)")
    }
    self.transports = transports
    reporter = ReportingDisplayDriver(inner, board: board, clock: clock)
  }

  /// The GPIO lines the display uses, for a trace header (empty on expander boards).
  public var tracedRoles: [LineRole] { plan.outputs.map { LineSet(Array($0.lines.keys)).roles } ?? [] }

  /// GPIO line writes made so far (each one call, one ioctl), the request's initial levels
  /// not counted; 0 on expander boards.
  public var lineWriteCount: Int { gpio?.writeCount ?? 0 }

  /// Their levels now.
  public var levels: LineSet { lines?.levels ?? [] }

  /// Calls `observer` after every write to the GPIO lines that changed a level.
  public func addLineObserver(_ observer: @escaping TracingGPIOLines.Observer) {
    lines?.addObserver(observer)
  }

  /// Tells `observer` about every frame the driver wrote (the frames log).
  public func addFrameObserver(_ observer: FrameObserver) { reporter.addObserver(observer) }

  /// A one-line description of the wiring for trace headers.
  public var wiringComment: String {
    var parts = ["board \(board.name) (hardware)"]
    if let outputs = plan.outputs {
      let lines = outputs.lines.sorted { $0.key < $1.key }.map { "\($0.key.name)=\($0.value)" }
      parts.append("\(outputs.chip) lines " + lines.joined(separator: " "))
    }
    if let spi = plan.spi {
      parts.append("\(spi.device) mode \(spi.mode) at \(spi.speedHz) Hz (not traced)")
    }
    if let i2c = plan.i2c {
      parts.append(
        "\(i2c.bus) \(i2c.chip.rawValue) at \(i2c.addresses.map(Hex.byte).joined(separator: ", "))")
    }
    return parts.joined(separator: "; ")
  }

  /// Gives the GPIO lines back now, rather than at exit. The tubes keep what they show.
  public func release() {
    gpio?.release()
    (backlightLines as? GPIOChipLines)?.release()
  }
}

/// How `HardwareBoard` opens transports: the Linux devices, or doubles in tests.
protocol TransportOpener {
  func openOutputs(_ outputs: TransportPlan.Outputs) throws(HardwareError) -> GPIOLines
  func openSPI(_ wiring: SPIWiring) throws(HardwareError) -> SPIDevice
  func openI2C(_ expanders: TransportPlan.Expanders) throws(HardwareError) -> I2CBus
  /// Reads one input line once (true = high), with the pull-up asked for, and gives it back.
  func readLevel(chip: String, line: UInt32, pullUp: Bool) throws(HardwareError) -> Bool
}

/// The real devices: libgpiod, spidev, i2c-dev.
struct LinuxTransports: TransportOpener {
  let consumer: String

  func openOutputs(_ outputs: TransportPlan.Outputs) throws(HardwareError) -> GPIOLines {
    try GPIOChipLines(
      chip: outputs.chip, lines: outputs.lines, initialLevels: outputs.initialLevels, consumer: consumer)
  }

  func openSPI(_ wiring: SPIWiring) throws(HardwareError) -> SPIDevice { try LinuxSPIDevice(wiring) }

  func readLevel(chip reference: String, line: UInt32, pullUp: Bool) throws(HardwareError) -> Bool {
    try GPIOInputReading.level(chip: reference, line: line, pullUp: pullUp, consumer: consumer)
  }

  func openI2C(_ expanders: TransportPlan.Expanders) throws(HardwareError) -> I2CBus {
    let bus = try LinuxI2CBus(path: expanders.bus)
    if expanders.chip.needsBlockWrites && !bus.supportsBlockWrites {
      throw HardwareError(
        transport: .i2c, device: expanders.bus, operation: "check the adapter", problem: .unsupported,
        detail: "it cannot do SMBus I2C block writes")
    }
    return bus
  }
}
