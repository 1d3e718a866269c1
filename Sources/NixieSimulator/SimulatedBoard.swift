import NixieCore

/// A whole board in software: the simulated GPIO chip, the model of the chips behind it, and
/// the driver the program talks to — the `--backend sim` of every command.
///
/// Attach observers to watch it: `chain.addObserver` for decoded frames, `gpio.addObserver`
/// for line changes (the VCD recorder).
public final class SimulatedBoard {
  public let board: BoardProfile
  public let gpio: SimulatedGPIOChip
  public let chain: HV5622ChainModel
  public let driver: HV5622BitBangDriver

  /// Builds the board's chips on a simulated gpiochip whose time comes from `clock`.
  public init(board: BoardProfile, clock: MonotonicClock) throws(SimulatorError) {
    guard board.chip.interface == .shiftRegister, let wiring = board.gpio, board.spi == nil else {
      throw .noModel(chip: board.chip.name + (board.spi != nil ? " over SPI" : ""))
    }
    self.board = board
    var offsets = wiring.lines
    if let encoder = board.encoder, encoder.chip == wiring.chip {
      offsets[.a] = encoder.a
      offsets[.b] = encoder.b
      if let pushSwitch = encoder.pushSwitch { offsets[.sw] = pushSwitch }
    }
    let idle: LineSet = board.encoder?.activeLow == true ? [.a, .b, .sw] : []
    gpio = SimulatedGPIOChip(name: wiring.chip, offsets: offsets, clock: clock, initialLevels: idle)
    chain = HV5622ChainModel(board: board, levels: gpio.levels)
    gpio.addObserver(chain)
    driver = HV5622BitBangDriver(board: board, lines: gpio)
  }

  /// A one-line description of the wiring for trace headers.
  public var wiringComment: String {
    let lines = gpio.offsets.sorted { $0.key < $1.key }.map { "\($0.key.name)=\($0.value)" }
    return "board \(board.name); \(gpio.name) lines " + lines.joined(separator: " ")
  }
}
