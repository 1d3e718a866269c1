import NixieBoardModel
import NixieCore

/// The chips behind a simulated board's transports, as its interface has them: a
/// shift-register chain on the gpiochip's lines (clocked by the SPI controller on SPI boards),
/// modules on the controller with a select line each, or expanders on an I2C bus; and what
/// the tubes show, decoded from them (through persistence of vision on a multiplexed board).
struct SimulatedChips {
  var chain: ShiftChainModel?
  var modules: ModuleBoardModel?
  var expanders: ExpanderBoardModel?
  var spi: SimulatedSPIDevice?
  var i2c: SimulatedI2CBus?
  var display: any SimulatedDisplay

  /// The chips of `board` (as fitted) behind `gpio`, as `profile` wires them.
  init(board: BoardProfile, profile: BoardProfile, gpio: SimulatedGPIOChip, clock: MonotonicClock)
    throws(SimulatorError)
  {
    switch board.chip.interface {
    case .shiftRegister:
      self = try Self.chain(board: board, profile: profile, gpio: gpio, clock: clock)
    case .module:
      self = try Self.modules(board: board, profile: profile, gpio: gpio, clock: clock)
    case .i2cExpander(let expander):
      self = try Self.expanders(expander, board: board, profile: profile, clock: clock)
    }
  }

  private init(display: any SimulatedDisplay) { self.display = display }

  /// A chain watching the gpiochip, bit-banged or clocked by an SPI controller on it.
  private static func chain(
    board: BoardProfile, profile: BoardProfile, gpio: SimulatedGPIOChip, clock: MonotonicClock
  ) throws(SimulatorError) -> SimulatedChips {
    guard let wiring = ShiftChainWiring(board: board) else { throw .noModel(chip: board.chip.name) }
    guard profile.spi != nil || profile.gpio != nil else {
      throw .noModel(chip: profile.chip.name + " without gpio or spi wiring")
    }
    let model = ShiftChainModel(board: board, wiring: wiring, levels: gpio.levels)
    gpio.addObserver(model)
    var chips = SimulatedChips(
      display: board.multiplex.map { PersistenceOfVision(inner: model, board: board, multiplex: $0) } ?? model
    )
    chips.chain = model
    chips.spi = profile.spi.map { SimulatedSPIDevice(wiring: $0, lines: gpio, clock: clock) }
    return chips
  }

  /// Modules watching the SPI controller's lines and their selects on the gpiochip.
  private static func modules(
    board: BoardProfile, profile: BoardProfile, gpio: SimulatedGPIOChip, clock: MonotonicClock
  ) throws(SimulatorError) -> SimulatedChips {
    guard let wiring = profile.spi, let model = ModuleBoardModel(board: board, levels: gpio.levels) else {
      throw .noModel(chip: profile.chip.name + " without spi wiring")
    }
    gpio.addObserver(model)
    var chips = SimulatedChips(display: model)
    chips.modules = model
    chips.spi = SimulatedSPIDevice(wiring: wiring, lines: gpio, clock: clock)
    return chips
  }

  /// An MCP23017 or PCF8574 model at each of the board's addresses on a simulated bus.
  private static func expanders(
    _ expander: I2CExpander, board: BoardProfile, profile: BoardProfile, clock: MonotonicClock
  ) throws(SimulatorError) -> SimulatedChips {
    guard let wiring = profile.i2c else { throw .noModel(chip: profile.chip.name + " without i2c wiring") }
    let bus = SimulatedI2CBus(name: wiring.bus, clock: clock)
    let models: [SimulatedExpander] = wiring.addresses.map { _ in
      switch expander {
      case .mcp23017: MCP23017Model()
      case .pcf8574: PCF8574Model()
      }
    }
    for (model, address) in zip(models, wiring.addresses) { bus.attach(model, at: address) }
    let model = ExpanderBoardModel(board: board, chips: models)
    bus.addObserver(model)
    var chips = SimulatedChips(display: model)
    chips.expanders = model
    chips.i2c = bus
    return chips
  }
}
