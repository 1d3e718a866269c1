import NixieCore

/// An SPI controller in software, standing where `/dev/spidevB.C` stands for real hardware.
///
/// Each transfer is clocked out as the controller would: chip-select (wired to LE) goes low,
/// then each bit, most significant first, is an edge pair on SCLK with MOSI changing on the
/// edge the mode says (CPHA), and chip-select goes high at the end. The lines are the `din`,
/// `clk` and `le` lines of a simulated gpiochip, so the HV5622 chain model decodes the
/// transfer from the wire exactly as it decodes bit-banging, and a trace shows every edge. One
/// clock period takes 1/`speedHz` of modelled time.
public final class SimulatedSPIDevice: SPIDevice {
  /// The device node the board profile names, e.g. `/dev/spidev0.0`.
  public let device: String
  public let mode: UInt8
  public let speedHz: UInt32
  /// Transfers made (`SPI_IOC_MESSAGE` calls a kernel trace would count).
  public private(set) var transferCount = 0

  private let lines: SimulatedGPIOChip
  private let clock: MonotonicClock

  /// A controller clocking the `din`, `clk` and `le` lines of `lines` as `wiring` says.
  public init(wiring: SPIWiring, lines: SimulatedGPIOChip, clock: MonotonicClock) {
    self.device = wiring.device
    self.mode = wiring.mode & 3
    self.speedHz = max(1, wiring.speedHz)
    self.lines = lines
    self.clock = clock
  }

  /// The idle levels of the controller's lines: chip-select high, SCLK at its polarity (CPOL).
  public static func idleLevels(mode: UInt8) -> LineSet { mode & 2 != 0 ? [.le, .clk] : [.le] }

  public func transfer(_ bytes: [UInt8]) throws {
    transferCount += 1
    let half = max(1, 500_000_000 / UInt64(speedHz))
    var time = max(clock.now(), lines.lastTime + half)
    let idleClock: LineSet = mode & 2 != 0 ? .clk : []
    let activeClock: LineSet = idleClock.isEmpty ? .clk : []
    let dataOnLeadingEdge = mode & 1 != 0
    let bitCount = bytes.count * 8
    func data(_ index: Int) -> LineSet {
      index < bitCount && bytes[index / 8] & (0x80 >> UInt8(index % 8)) != 0 ? .din : []
    }

    if dataOnLeadingEdge {
      lines.drive(.le, to: [], at: time)
    } else {
      lines.drive([.le, .din], to: data(0), at: time)
    }
    for index in 0..<bitCount {
      time += half
      if dataOnLeadingEdge {
        lines.drive([.clk, .din], to: activeClock.union(data(index)), at: time)
      } else {
        lines.drive(.clk, to: activeClock, at: time)
      }
      time += half
      if dataOnLeadingEdge || index + 1 == bitCount {
        lines.drive(.clk, to: idleClock, at: time)
      } else {
        lines.drive([.clk, .din], to: idleClock.union(data(index + 1)), at: time)
      }
    }
    lines.drive(.le, to: .le, at: time + half)
  }
}
