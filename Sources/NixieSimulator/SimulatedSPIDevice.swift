import NixieBoardModel
import NixieCore
import NixieTransports

/// An SPI controller in software, standing where `/dev/spidevB.C` stands for real hardware.
///
/// Each transfer is clocked out as the controller would: chip-select goes low (when the board
/// wires it: reference board 1's LE), then each bit, most significant first, is an edge pair on
/// the clock with the data changing on the edge the mode says (CPHA), and chip-select goes high
/// at the end. The lines are lines of a simulated gpiochip — `din`, `clk` and `le` where the
/// chip-select is the latch, `mosi` and `sclk` where the board latches or selects with lines
/// of its own — so the chip models decode the transfer from the wire exactly as they decode
/// bit-banging, and a trace shows every edge. One clock period takes 1/`speedHz` of modelled
/// time.
public final class SimulatedSPIDevice: SPIDevice {
  /// The device node the board profile names, e.g. `/dev/spidev0.0`.
  public let device: String
  public let mode: UInt8
  public let speedHz: UInt32
  /// Transfers made (`SPI_IOC_MESSAGE` calls a kernel trace would count).
  public private(set) var transferCount = 0

  private let lines: SimulatedGPIOChip
  private let clock: MonotonicClock
  private let roles: Roles

  /// The lines a controller drives for a board.
  public struct Roles: Hashable, Sendable {
    public var data: LineRole
    public var clock: LineRole
    /// The chip-select, when it is wired to anything.
    public var select: LineRole?

    /// `din`, `clk`, `le` when the device's chip-select is the latch; else `mosi`, `sclk`.
    public init(wiring: SPIWiring) {
      if wiring.usesDeviceChipSelect {
        (data, clock, select) = (.din, .clk, .le)
      } else {
        (data, clock, select) = (.mosi, .sclk, nil)
      }
    }
  }

  /// A controller clocking the lines of `lines` as `wiring` says.
  public init(wiring: SPIWiring, lines: SimulatedGPIOChip, clock: MonotonicClock) {
    self.device = wiring.device
    self.mode = wiring.mode & 3
    self.speedHz = max(1, wiring.speedHz)
    self.lines = lines
    self.clock = clock
    self.roles = Roles(wiring: wiring)
  }

  /// The idle levels of the controller's lines: chip-select high, the clock at its polarity.
  public static func idleLevels(wiring: SPIWiring) -> LineSet {
    let roles = Roles(wiring: wiring)
    var levels = LineSet()
    if let select = roles.select { levels.insert(.role(select)) }
    if wiring.mode & 2 != 0 { levels.insert(.role(roles.clock)) }
    return levels
  }

  public func transfer(_ bytes: [UInt8]) throws {
    transferCount += 1
    let half = max(1, 500_000_000 / UInt64(speedHz))
    var time = max(clock.now(), lines.lastTime + half)
    let clockLine = LineSet.role(roles.clock)
    let dataLine = LineSet.role(roles.data)
    let idleClock: LineSet = mode & 2 != 0 ? clockLine : []
    let activeClock: LineSet = idleClock.isEmpty ? clockLine : []
    let dataOnLeadingEdge = mode & 1 != 0
    let bitCount = bytes.count * 8
    func data(_ index: Int) -> LineSet {
      index < bitCount && bytes[index / 8] & (0x80 >> UInt8(index % 8)) != 0 ? dataLine : []
    }
    let select = roles.select.map { LineSet.role($0) } ?? []

    if dataOnLeadingEdge {
      if !select.isEmpty { lines.drive(select, to: [], at: time) }
    } else {
      lines.drive(select.union(dataLine), to: data(0), at: time)
    }
    for index in 0..<bitCount {
      time += half
      if dataOnLeadingEdge {
        lines.drive(clockLine.union(dataLine), to: activeClock.union(data(index)), at: time)
      } else {
        lines.drive(clockLine, to: activeClock, at: time)
      }
      time += half
      if dataOnLeadingEdge || index + 1 == bitCount {
        lines.drive(clockLine, to: idleClock, at: time)
      } else {
        lines.drive(clockLine.union(dataLine), to: idleClock.union(data(index + 1)), at: time)
      }
    }
    if !select.isEmpty { lines.drive(select, to: select, at: time + half) }
  }
}
