import NixieBackend
import NixieBoardModel
import NixieCore
import NixieDrivers
import NixieInput
import NixieText

/// A whole board in software: the simulated transports, the models of the chips behind them,
/// and the driver the program talks to — what `SimulatorBackend` opens for every command.
///
/// It is built from its parts: the host's gpiochip as the profile wires it
/// (`SimulatedGPIOChip(wiredFor:)`), the chips behind the transports (`SimulatedChips`) —
/// shift-register boards a chain model on the gpiochip (and, for SPI boards, a simulated SPI
/// controller clocking that chip's lines), module boards (exixe) the same controller with a
/// model of each module on its chip-select, expander boards a simulated I2C bus with an
/// MCP23017 or PCF8574 model at each address — then the driver's transports opened as the
/// hardware's are (`BoardTransports` through `SimulatedTransports`). A multiplexed board's
/// picture is what the eye makes of the scan (`PersistenceOfVision`). A board with a chip
/// variant carries the chips `fitted` says, drives its detect line accordingly, and the driver
/// reads that line at start, as on hardware. Attach observers to watch it:
/// `display.addObserver` for decoded frames (any board), `gpio.addObserver` for line changes
/// (the VCD recorder).
public final class SimulatedBoard {
  /// The profile as the driver uses it, after reading the detect line.
  public let board: BoardProfile
  /// The host's GPIO lines: the display lines (and SPI pins) of shift-register and module
  /// boards, the encoder's, the buttons', the detect line and the backlight's on any board.
  public let gpio: SimulatedGPIOChip
  /// The shift-register chain, on shift-register boards.
  public let chain: ShiftChainModel?
  /// The modules, on module boards.
  public let modules: ModuleBoardModel?
  /// The SPI controller, on boards clocked out by spidev.
  public let spi: SimulatedSPIDevice?
  /// The I2C bus and the board model over its expanders, on expander boards.
  public let i2c: SimulatedI2CBus?
  public let expanders: ExpanderBoardModel?
  /// What the tubes show, decoded from the chip models: the frame source for every board.
  public let display: any SimulatedDisplay
  /// The driver the program writes frames to; call `start()` before the first write.
  public let driver: any DisplayDriver
  /// The light under the tubes read back from the wire, on boards with one nixie drives.
  public let backlight: SimulatedBacklight?
  /// The buzzer as heard from its line, on boards with one.
  public let buzzer: SimulatedBuzzer?

  /// The hand on the knob: the input script `openKnob` and `openButtons` play on the gpiochip.
  public let input: InputScript?
  /// Times the simulation; the input lines are read on it.
  let clock: MonotonicClock

  /// Builds `profile`'s chips in software and opens the driver's transports on them as the
  /// hardware's are opened (`BoardTransports`); simulated time comes from `clock`. `fitted` is
  /// the chip the simulated board carries when the profile has a variant (default: the
  /// profile's own chip, so the detect line reads high). `input` is a script for the knob or
  /// the buttons. `writeTime` (nanoseconds) is how long each frame write takes
  /// (`WriteTimeDriver`); 0, the default, is as fast as the host runs the models.
  public init(
    board profile: BoardProfile, clock: MonotonicClock, fitted: ChipModel? = nil, input: InputScript? = nil,
    writeTime: UInt64 = 0
  ) throws(SimulatorError) {
    let carriesVariant = profile.variant.map { fitted?.name == $0.whenLow.name } ?? false
    gpio = SimulatedGPIOChip(wiredFor: profile, carriesVariant: carriesVariant, clock: clock)
    let chips = try SimulatedChips(
      board: profile.resolved(detectLow: carriesVariant), profile: profile, gpio: gpio, clock: clock)
    chain = chips.chain
    modules = chips.modules
    expanders = chips.expanders
    spi = chips.spi
    i2c = chips.i2c
    display = chips.display
    let transports: BoardTransports
    do {
      transports = try BoardTransports(profile, opener: SimulatedTransports(gpio: gpio, spi: spi, i2c: i2c))
    } catch let error as SimulatorError {
      throw error
    } catch {
      throw .noModel(chip: "\(profile.chip.name) (\(error))")
    }
    // The driver has read the detect line, as the vendor firmware does.
    board = transports.board
    backlight = SimulatedBacklight(board: board, levels: gpio.levels, modules: modules)
    if let backlight, case .pwmRGB = board.backlight { gpio.addObserver(backlight) }
    buzzer = SimulatedBuzzer(board: board, levels: gpio.levels)
    if let buzzer { gpio.addObserver(buzzer) }
    guard let driver = transports.driver(lines: transports.outputs, clock: clock) else {
      throw .noModel(chip: board.chip.name)
    }
    self.driver = writeTime > 0 ? WriteTimeDriver(driver, writeTime: writeTime, clock: clock) : driver
    self.input = input
    self.clock = clock
  }

  /// A one-line description of the wiring for trace headers.
  public var wiringComment: String {
    var parts = ["board \(board.name)"]
    let spiRoles: [LineRole] = spi == nil ? [] : [.din, .clk, .le, .mosi, .sclk]
    let controllerRoles = board.spi.map { SimulatedSPIDevice.Roles(wiring: $0) }
    let lines = gpio.offsets.filter { role, _ in
      !spiRoles.contains(role) || (role == .le && controllerRoles?.select == nil)
    }.sorted { $0.key < $1.key }
    if !lines.isEmpty {
      parts.append("\(gpio.name) lines " + lines.map { "\($0.key.name)=\($0.value)" }.joined(separator: " "))
    }
    if let wiring = board.spi, let roles = controllerRoles {
      let driven = [roles.data, roles.clock] + (roles.select.map { [$0] } ?? [])
      parts.append(
        "\(wiring.device) mode \(wiring.mode) at \(wiring.speedHz) Hz drives "
          + driven.map(\.name).joined(separator: " "))
    }
    if let wiring = board.i2c {
      let addresses = wiring.addresses.map(Hex.byte).joined(separator: ", ")
      parts.append("\(wiring.bus) \(board.chip.name) at \(addresses)")
    }
    return parts.joined(separator: "; ")
  }
}
