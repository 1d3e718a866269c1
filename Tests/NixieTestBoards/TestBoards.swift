import NixieBoardModel
import NixieCore
import NixieDisplay
import NixieText
import NixieTransports

/// Board profiles built in code, for driver tests that must not depend on the YAML loader.
public enum TestBoards {
  /// Reference board 1's map (docs/HARDWARE.md): digits 1…9, 0 on ten consecutive positions.
  public static func reference(inverted: LineSet = [], blanking: Bool = true) -> BoardProfile {
    let layout = TestLayouts.reference
    var wiring: [OutputMap.PositionWiring] = []
    var next = 0
    for position in layout.positions {
      var direct = [Int?](repeating: nil, count: position.model.cathodes.count)
      let order: [Cathode] =
        position.isTube ? (1...9).map { .digit($0) } + [.digit(0)] : [.upperDot, .lowerDot]
      for cathode in order {
        direct[position.model.index(of: cathode)!] = next
        next += 1
      }
      wiring.append(OutputMap.PositionWiring(direct: direct))
    }
    var lines: [LineRole: UInt32] = [.din: 10, .clk: 11, .le: 8]
    if blanking { lines[.bl] = 25 }
    return BoardProfile(
      name: "test-6xin14", description: "", layout: layout, chip: ChipModel.named("HV5622")!,
      chipCount: 2, outputs: OutputMap(positions: wiring, outputCount: 64), invertedLines: inverted,
      gpio: GPIOWiring(chip: "gpiochip0", lines: lines))
  }
}

/// A transport double at the seam: it records each multi-line write, and the calls made.
public final class RecordingLines: GPIOLines {
  public struct Write: Equatable {
    public var lines: LineSet
    public var levels: LineSet

    public init(lines: LineSet, levels: LineSet) {
      self.lines = lines
      self.levels = levels
    }
  }

  public var writes: [Write] = []
  /// The writes of each call: one for `set(_:to:)`, a sequence's for `set(_:)`.
  public var calls: [Int] = []

  public init() {}

  public func set(_ lines: LineSet, to levels: LineSet) throws {
    writes.append(Write(lines: lines, levels: levels))
    calls.append(1)
  }

  public func set(_ writes: [LineWrite]) throws {
    self.writes += writes.map { Write(lines: $0.lines, levels: $0.levels) }
    calls.append(writes.count)
  }
}

extension TestBoards {
  /// Four IN-12A behind K155ID1 decoders on I2C expanders: `chip` ("MCP23017": one chip at
  /// 0x20, tubes on GPA0–3, GPA4–7, GPB0–3, GPB4–7; "PCF8574": chips at 0x20 and 0x21, two
  /// tubes each). Output 4k + n is BCD bit n of tube k either way.
  public static func expander(_ chip: String) -> BoardProfile {
    let model = ChipModel.named(chip)!
    let layout = DisplayLayout(
      positions: (1...4).map { TestLayouts.tube(.in12A, "tube \($0)", wiring: TestLayouts.digits) })
    let codes = TubeModel.in12A.cathodes.map { cathode -> Int? in
      if case .digit(let digit) = cathode { return digit }
      return nil
    }
    let wiring = (0..<4).map { tube in
      OutputMap.PositionWiring(
        direct: Array(repeating: nil, count: TubeModel.in12A.cathodes.count),
        bcd: OutputMap.BCDWiring(outputs: Array(4 * tube..<4 * tube + 4), codes: codes, blank: 15))
    }
    let addresses: [UInt8] = chip == "MCP23017" ? [0x20] : [0x20, 0x21]
    return BoardProfile(
      name: "test-4xin12", description: "", layout: layout, chip: model, chipCount: addresses.count,
      outputs: OutputMap(positions: wiring, outputCount: 16),
      i2c: I2CWiring(bus: "/dev/i2c-1", addresses: addresses))
  }

  /// Reference board 1 clocked out through SPI, BL on a GPIO line.
  public static func referenceOverSPI(inverted: LineSet = []) -> BoardProfile {
    var board = reference(inverted: inverted)
    board.gpio = GPIOWiring(chip: "gpiochip0", lines: [.bl: 25])
    board.spi = SPIWiring(device: "/dev/spidev0.0", mode: 1, speedHz: 1_000_000, bitsPerWord: 8)
    return board
  }
}

/// An I2C bus double: it records each transaction, and fails the ones a test asks it to.
public final class RecordingBus: I2CBus {
  /// One transaction: `register` nil for a PCF8574's "send byte".
  public struct Transaction: Equatable, CustomStringConvertible {
    public var address: UInt8
    public var register: UInt8?
    public var bytes: [UInt8]

    public init(address: UInt8, register: UInt8?, bytes: [UInt8]) {
      self.address = address
      self.register = register
      self.bytes = bytes
    }

    public var description: String {
      "\(Hex.byte(address)) \(register.map(Hex.byte) ?? "-") [\(bytes.map(Hex.byte).joined(separator: ", "))]"
    }
  }

  public var transactions: [Transaction] = []
  /// Errors thrown by the next transactions, in order (each attempt consumes one).
  public var failures: [any Error] = []
  public private(set) var attempts = 0

  public init() {}

  public func write(address: UInt8, register: UInt8, bytes: [UInt8]) throws {
    try attempt()
    transactions.append(Transaction(address: address, register: register, bytes: bytes))
  }
  public func send(address: UInt8, byte: UInt8) throws {
    try attempt()
    transactions.append(Transaction(address: address, register: nil, bytes: [byte]))
  }
  public func read(address: UInt8, register: UInt8) throws -> UInt8 { 0 }
  public func receive(address: UInt8) throws -> UInt8 { 0 }

  private func attempt() throws {
    attempts += 1
    if !failures.isEmpty { throw failures.removeFirst() }
  }
}

/// A bus error that says whether it may pass, as i2c-dev's do.
public struct BusGlitch: TransportFault, Equatable {
  public var isTransient: Bool

  public init(isTransient: Bool) { self.isTransient = isTransient }
}

/// A clock that jumps to each deadline and remembers the sleeps.
public final class SteppingClock: MonotonicClock, @unchecked Sendable {
  public private(set) var time: UInt64 = 0
  public private(set) var sleeps: [UInt64] = []

  public init() {}
  public func now() -> UInt64 { time }
  public func sleep(until deadline: UInt64) {
    sleeps.append(deadline - min(deadline, time))
    time = max(time, deadline)
  }
}

/// An SPI double that records each transfer.
public final class RecordingSPI: SPIDevice {
  public var transfers: [[UInt8]] = []

  public init() {}
  public func transfer(_ bytes: [UInt8]) throws { transfers.append(bytes) }
}
