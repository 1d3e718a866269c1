import NixieBackend
import NixieBoardModel
import NixieCore
import NixieDrivers
import NixieSystem
import NixieText
import NixieTransports

/// A board on its real transports — what `LinuxBackend` opens for every command.
///
/// It opens what the board's `TransportPlan` lists through `LinuxTransports` (the gpiochip
/// lines through libgpiod, the spidev device, the i2c-dev bus), the same way the simulator's
/// are opened (`BoardTransports`), holds them for its lifetime, and builds the board's driver on
/// them, with the display's lines watched for `--trace` and the frames as written reported
/// for the frames log. Any failure is a `HardwareError` that says what to do. The knob's and
/// the buttons' lines are requested when asked for (`openKnob`, `openButtons`).
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
  /// The buzzer's line once `openBuzzer` requested it.
  var buzzerLines: [GPIOLines] = []
  /// The name `gpioinfo` shows for the lines held.
  public let consumer: String
  /// Times the input lines' reading and stamps the trace.
  let clock: MonotonicClock

  private let reporter: ReportingDisplayDriver
  private let gpio: GPIOChipLines?
  private let transports: BoardTransports

  /// Opens `board`'s transports as `consumer` (the name `gpioinfo` shows) and builds its
  /// driver; `clock` stamps traces and times the I2C retries.
  public convenience init(board: BoardProfile, clock: MonotonicClock, consumer: String = "nixie")
    throws(HardwareError)
  {
    try self.init(
      board: board, clock: clock, opener: LinuxTransports(consumer: consumer), consumer: consumer)
  }

  /// Opens `board`'s transports through `opener` (the Linux devices, or a test's doubles).
  public init(
    board profile: BoardProfile, clock: MonotonicClock, opener: TransportOpener, consumer: String = "nixie"
  ) throws(HardwareError) {
    let transports: BoardTransports
    do {
      transports = try BoardTransports(profile, opener: opener)
    } catch let error as HardwareError {
      throw error
    } catch {
      throw HardwareError(
        transport: .gpio, device: profile.name, operation: "open the transports", problem: .failed,
        detail: "\(error)")
    }
    self.transports = transports
    self.consumer = consumer
    self.clock = clock
    board = transports.board
    plan = transports.plan
    detectedLow = transports.detectedLow
    gpio = transports.outputs as? GPIOChipLines
    lines = transports.outputs.map { opened in
      TracingGPIOLines(opened, levels: transports.plan.outputs?.initialLevels ?? [], clock: clock)
    }
    backlightLines = transports.backlight
    guard let inner = transports.driver(lines: lines, clock: clock) else {
      throw HardwareError(
        transport: .gpio, device: board.name, operation: "build the driver", problem: .failed,
        detail: "the profile names no gpio, spi or i2c wiring for \(board.chip.name)",
        fix: "add the wiring to the board profile (see docs/INTERFACE.md)")
    }
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
    for lines in buzzerLines { (lines as? GPIOChipLines)?.release() }
  }
}
