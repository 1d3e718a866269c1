import NixieCore

/// A whole board in software: the simulated transports, the models of the chips behind them,
/// and the driver the program talks to — the `--backend sim` of every command.
///
/// Shift-register boards get a simulated gpiochip (and, for SPI boards, a simulated SPI
/// controller clocking that chip's lines) with a chain model behind it; module boards (exixe)
/// the same controller with a model of each module on its chip-select; expander boards a
/// simulated I2C bus with an MCP23017 or PCF8574 model at each address. A multiplexed board's
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

  /// Builds `profile`'s transports and chips; simulated time comes from `clock`. `fitted` is
  /// the chip the simulated board carries when the profile has a variant (default: the
  /// profile's own chip, so the detect line reads high).
  public init(board profile: BoardProfile, clock: MonotonicClock, fitted: ChipModel? = nil)
    throws(SimulatorError)
  {
    let carriesVariant = profile.variant.map { fitted?.name == $0.whenLow.name } ?? false
    let physical = profile.resolved(detectLow: carriesVariant)
    var offsets = profile.gpio?.lines ?? [:]
    var idle = physical.outputIdleLevels
    if profile.encoder?.activeLow == true { idle.formUnion([.a, .b, .sw]) }
    if let spi = profile.spi {
      // The controller's pins, named by what they drive; their offsets are the controller's
      // business, so the trace comment names the spidev device instead.
      let roles = SimulatedSPIDevice.Roles(wiring: spi)
      offsets[roles.data] = 0
      offsets[roles.clock] = 1
      if let select = roles.select { offsets[select] = 2 }
      idle.formUnion(SimulatedSPIDevice.idleLevels(wiring: spi))
    }
    let chipName = profile.gpio?.chip ?? profile.encoder?.chip ?? GPIOWiring.raspberryPiHeader
    if let encoder = profile.encoder, encoder.chip == chipName {
      offsets[.a] = encoder.a
      offsets[.b] = encoder.b
      if let pushSwitch = encoder.pushSwitch { offsets[.sw] = pushSwitch }
    }
    for button in profile.buttons where button.chip == chipName {
      offsets[button.role] = button.line
      if button.activeLow { idle.insert(.role(button.role)) }
    }
    if let variant = profile.variant, variant.chip == chipName {
      offsets[.detect] = variant.line
      if !carriesVariant { idle.insert(.role(.detect)) }
    }
    if case .pwmRGB(let rgb) = profile.backlight, rgb.chip == chipName {
      for (role, line) in rgb.lines { offsets[role] = line }
      if !rgb.activeHigh { idle.formUnion(LineSet([.red, .green, .blue])) }
    }
    // Pin levels at rest; lines behind inverting level shifters start low, as a gpiochip's do
    // before they are requested, so the driver's start() is seen moving them.
    gpio = SimulatedGPIOChip(name: chipName, offsets: offsets, clock: clock, initialLevels: idle)

    // The driver reads the detect line once, as the vendor firmware does.
    board = profile.resolved(detectLow: profile.variant != nil && !gpio.levels.contains(.detect))
    let lines = gpio
    switch physical.chip.interface {
    case .shiftRegister:
      guard let wiring = ShiftChainWiring(board: physical) else { throw .noModel(chip: physical.chip.name) }
      let model = ShiftChainModel(board: physical, wiring: wiring, levels: gpio.levels)
      gpio.addObserver(model)
      chain = model
      modules = nil
      display =
        physical.multiplex.map { PersistenceOfVision(inner: model, board: physical, multiplex: $0) } ?? model
      i2c = nil
      expanders = nil
      spi = profile.spi.map { SimulatedSPIDevice(wiring: $0, lines: lines, clock: clock) }
      guard profile.spi != nil || profile.gpio != nil else {
        throw .noModel(chip: profile.chip.name + " without gpio or spi wiring")
      }
    case .module:
      guard let wiring = profile.spi, let model = ModuleBoardModel(board: physical, levels: gpio.levels)
      else {
        throw .noModel(chip: profile.chip.name + " without spi wiring")
      }
      gpio.addObserver(model)
      chain = nil
      modules = model
      display = model
      i2c = nil
      expanders = nil
      spi = SimulatedSPIDevice(wiring: wiring, lines: lines, clock: clock)
    case .i2cExpander(let expander):
      guard let wiring = profile.i2c else {
        throw .noModel(chip: profile.chip.name + " without i2c wiring")
      }
      let bus = SimulatedI2CBus(name: wiring.bus, clock: clock)
      let chips: [SimulatedExpander] = wiring.addresses.map { _ in
        switch expander {
        case .mcp23017: MCP23017Model()
        case .pcf8574: PCF8574Model()
        }
      }
      for (chip, address) in zip(chips, wiring.addresses) { bus.attach(chip, at: address) }
      let model = ExpanderBoardModel(board: physical, chips: chips)
      bus.addObserver(model)
      chain = nil
      modules = nil
      spi = nil
      i2c = bus
      expanders = model
      display = model
    }
    backlight = SimulatedBacklight(board: board, levels: gpio.levels, modules: modules)
    if let backlight, case .pwmRGB = board.backlight { gpio.addObserver(backlight) }
    guard let driver = DisplayDrivers.driver(for: board, lines: gpio, spi: spi, i2c: i2c, clock: clock) else {
      throw .noModel(chip: board.chip.name)
    }
    self.driver = driver
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
