import NixieCore

/// A whole board in software: the simulated transports, the models of the chips behind them,
/// and the driver the program talks to — the `--backend sim` of every command.
///
/// Shift-register boards get a simulated gpiochip (and, for SPI boards, a simulated SPI
/// controller clocking that chip's `din`/`clk`/`le` lines) with an HV5622 chain model behind
/// it; expander boards get a simulated I2C bus with an MCP23017 or PCF8574 model at each
/// address. Attach observers to watch it: `display.addObserver` for decoded frames (any
/// board), `gpio.addObserver` for line changes (the VCD recorder).
public final class SimulatedBoard {
  public let board: BoardProfile
  /// The host's GPIO lines: the display lines (and SPI pins) of shift-register boards, and the
  /// encoder's lines on any board.
  public let gpio: SimulatedGPIOChip
  /// The HV5622 chain, on shift-register boards.
  public let chain: HV5622ChainModel?
  /// The SPI controller, on boards whose chain is clocked out by spidev.
  public let spi: SimulatedSPIDevice?
  /// The I2C bus and the board model over its expanders, on expander boards.
  public let i2c: SimulatedI2CBus?
  public let expanders: ExpanderBoardModel?
  /// What the tubes show, decoded from the chip models: the frame source for every board.
  public let display: any SimulatedDisplay
  /// The driver the program writes frames to; call `start()` before the first write.
  public let driver: any DisplayDriver

  /// Builds the board's transports and chips; simulated time comes from `clock`.
  public init(board: BoardProfile, clock: MonotonicClock) throws(SimulatorError) {
    self.board = board
    var offsets = board.gpio?.lines ?? [:]
    var idle: LineSet = board.encoder?.activeLow == true ? [.a, .b, .sw] : []
    if let spi = board.spi {
      // The controller's MOSI, SCLK and CS pins, named by what they drive; their offsets are
      // the controller's business, so the trace comment names the spidev device instead.
      offsets[.din] = 0
      offsets[.clk] = 1
      offsets[.le] = 2
      idle.formUnion(SimulatedSPIDevice.idleLevels(mode: spi.mode))
    }
    let chipName = board.gpio?.chip ?? board.encoder?.chip ?? "gpiochip0"
    if let encoder = board.encoder, encoder.chip == chipName {
      offsets[.a] = encoder.a
      offsets[.b] = encoder.b
      if let pushSwitch = encoder.pushSwitch { offsets[.sw] = pushSwitch }
    }
    gpio = SimulatedGPIOChip(name: chipName, offsets: offsets, clock: clock, initialLevels: idle)

    switch board.chip.interface {
    case .shiftRegister:
      let chain = HV5622ChainModel(board: board, levels: gpio.levels)
      gpio.addObserver(chain)
      self.chain = chain
      self.display = chain
      i2c = nil
      expanders = nil
      let lines = gpio
      spi = board.spi.map { SimulatedSPIDevice(wiring: $0, lines: lines, clock: clock) }
      guard board.spi != nil || board.gpio != nil else {
        throw .noModel(chip: board.chip.name + " without gpio or spi wiring")
      }
    case .i2cExpander(let expander):
      guard let wiring = board.i2c else {
        throw .noModel(chip: board.chip.name + " without i2c wiring")
      }
      let bus = SimulatedI2CBus(name: wiring.bus, clock: clock)
      let chips: [SimulatedExpander] = wiring.addresses.map { _ in
        switch expander {
        case .mcp23017: MCP23017Model()
        case .pcf8574: PCF8574Model()
        }
      }
      for (chip, address) in zip(chips, wiring.addresses) { bus.attach(chip, at: address) }
      let model = ExpanderBoardModel(board: board, chips: chips)
      bus.addObserver(model)
      chain = nil
      spi = nil
      i2c = bus
      expanders = model
      display = model
    }
    guard let driver = DisplayDrivers.driver(for: board, lines: gpio, spi: spi, i2c: i2c, clock: clock) else {
      throw .noModel(chip: board.chip.name)
    }
    self.driver = driver
  }

  /// A one-line description of the wiring for trace headers.
  public var wiringComment: String {
    var parts = ["board \(board.name)"]
    let spiRoles: [LineRole] = spi == nil ? [] : [.din, .clk, .le]
    let lines = gpio.offsets.filter { !spiRoles.contains($0.key) }.sorted { $0.key < $1.key }
    if !lines.isEmpty {
      parts.append("\(gpio.name) lines " + lines.map { "\($0.key.name)=\($0.value)" }.joined(separator: " "))
    }
    if let wiring = board.spi {
      parts.append("\(wiring.device) mode \(wiring.mode) at \(wiring.speedHz) Hz drives din clk le")
    }
    if let wiring = board.i2c {
      let addresses = wiring.addresses.map(Hex.byte).joined(separator: ", ")
      parts.append("\(wiring.bus) \(board.chip.name) at \(addresses)")
    }
    return parts.joined(separator: "; ")
  }
}
