import NixieBoardModel
import NixieTransports

/// A board's GPIO output lines on a real gpiochip, through libgpiod.
///
/// The lines are requested once, together, under a consumer name (`gpioinfo` shows it) and
/// held until `release()` or the end of the process. Every write is one call — one ioctl — so
/// a driver's multi-line write (data with clock) reaches the pins together; the lines not named
/// keep their level (libgpiod 1.6 sets them to it again, 2.x leaves them out).
///
/// Writes are made twice per bit shifted, a frame's in one call (`set(_:)`), so this only
/// checks that they name wired lines and hands them to the request as they are (a line is
/// requested under its role's `LineSet` bit): the request makes them in one loop that
/// allocates nothing and calls nothing but libgpiod.
public final class GPIOChipLines: GPIOLines {
  /// The chip as the kernel names it, e.g. `gpiochip0`.
  public let chipName: String
  /// The line offset of each role.
  public let offsets: [LineRole: UInt32]
  /// The level of every line (set bit = high), as last set.
  public var levels: LineSet { request.levels }
  /// Multi-line writes made (each one ioctl).
  public var writeCount: Int { request.writeCount }

  private let wired: LineSet
  private let request: any GPIOOutputRequestAPI
  private let chip: any GPIOChipAPI

  /// Opens `chip` (name, path or label) and requests `lines` as outputs at `initialLevels`.
  public convenience init(
    chip reference: String, lines: [LineRole: UInt32], initialLevels: LineSet = [],
    consumer: String = "nixie"
  ) throws(HardwareError) {
    try self.init(
      chip: try SystemGPIO.openChip(reference), lines: lines, initialLevels: initialLevels,
      consumer: consumer)
  }

  init(
    chip: any GPIOChipAPI, lines: [LineRole: UInt32], initialLevels: LineSet, consumer: String
  ) throws(HardwareError) {
    self.chip = chip
    chipName = chip.name
    offsets = lines
    let sorted = lines.sorted { $0.key < $1.key }
    wired = LineSet(sorted.map(\.key))
    let described = sorted.map { "\($0.value) (\($0.key.name))" }.joined(separator: ", ")
    let requested = sorted.map {
      GPIOOutputLine(offset: $0.value, bit: $0.key.rawValue, high: initialLevels.contains($0.key))
    }
    do throws(HardwareError) {
      request = try chip.requestOutputs(
        requested, consumer: consumer, operation: "request lines \(described) as outputs")
    } catch {
      throw chip.explainingBusy(error, offsets: sorted.map(\.value))
    }
  }

  public func set(_ lines: LineSet, to levels: LineSet) throws {
    try withUnsafePointer(to: LineWrite(lines, to: levels)) {
      try make(UnsafeBufferPointer(start: $0, count: 1))
    }
  }

  public func set(_ writes: [LineWrite]) throws {
    try writes.withUnsafeBufferPointer { try make($0) }
  }

  /// Has the request make `writes`, unless one names a line the board does not wire: then
  /// none.
  private func make(_ writes: UnsafeBufferPointer<LineWrite>) throws(HardwareError) {
    for write in writes where !write.lines.isSubset(of: wired) {
      throw HardwareError(
        transport: .gpio, device: "/dev/" + chipName, operation: "set lines", problem: .noSuchLine,
        detail:
          "the board wires no \(write.lines.subtracting(wired).roles.map(\.name).joined(separator: ", ")) line",
        fix: "add the line to the board profile's gpio section")
    }
    try request.setValues(writes)
  }

  /// Gives the lines back to the kernel (they keep their last level).
  public func release() { request.release() }
}
