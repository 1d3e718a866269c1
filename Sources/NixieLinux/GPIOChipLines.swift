import NixieBoardModel
import NixieSystem
import NixieTransports

/// A board's GPIO output lines on a real gpiochip, through libgpiod.
///
/// The lines are requested once, together, under a consumer name (`gpioinfo` shows it) and
/// held until `release()` or the end of the process. Every `set` is one call — one ioctl — so
/// a driver's multi-line write (data with clock) reaches the pins together; the lines not named
/// keep their level (libgpiod 1.6 sets them to it again, 2.x leaves them out). A `set` is
/// made twice per bit shifted, so it allocates nothing: roles map to the request's line bits
/// through a table made once, and its state skips Swift's run-time exclusivity checks (a
/// thread-local lookup per access, about a tenth of a write under emulation): it is used from
/// one thread at a time and never re-entered.
public final class GPIOChipLines: GPIOLines {
  /// The chip as the kernel names it, e.g. `gpiochip0`.
  public let chipName: String
  /// The line offset of each role.
  public let offsets: [LineRole: UInt32]
  /// The level of every line (set bit = high), as last set.
  @exclusivity(unchecked) public private(set) var levels: LineSet
  /// Multi-line writes made (each one ioctl).
  @exclusivity(unchecked) public private(set) var writeCount = 0

  private let roles: [LineRole]
  private let wired: LineSet
  /// The request's bit (bit i: its i-th line) of each `LineSet` bit (a role's `rawValue`).
  private let requestBit: [UInt64]
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
    roles = sorted.map(\.key)
    wired = LineSet(roles)
    var requestBit = [UInt64](repeating: 0, count: LineSet.RawValue.bitWidth)
    for (index, role) in roles.enumerated() { requestBit[role.rawValue] = 1 << UInt64(index) }
    self.requestBit = requestBit
    levels = initialLevels.intersection(wired)
    let described = sorted.map { "\($0.value) (\($0.key.name))" }.joined(separator: ", ")
    do throws(HardwareError) {
      request = try chip.requestOutputs(
        sorted.map(\.value), values: roles.map { initialLevels.contains($0) }, consumer: consumer,
        operation: "request lines \(described) as outputs")
    } catch {
      throw chip.explainingBusy(error, offsets: sorted.map(\.value))
    }
  }

  public func set(_ lines: LineSet, to levels: LineSet) throws {
    guard lines.isSubset(of: wired) else {
      throw HardwareError(
        transport: .gpio, device: "/dev/" + chipName, operation: "set lines", problem: .noSuchLine,
        detail:
          "the board wires no \(lines.subtracting(wired).roles.map(\.name).joined(separator: ", ")) line",
        fix: "add the line to the board profile's gpio section")
    }
    let next = self.levels.subtracting(lines).union(levels.intersection(lines))
    try request.setValues(mask: requestBits(lines), levels: requestBits(next))
    writeCount += 1
    self.levels = next
  }

  /// The request's line bits of the roles in `set`.
  private func requestBits(_ set: LineSet) -> UInt64 {
    var bits: UInt64 = 0
    var rest = set.rawValue
    while rest != 0 {
      bits |= requestBit[rest.trailingZeroBitCount]
      rest &= rest - 1
    }
    return bits
  }

  /// Gives the lines back to the kernel (they keep their last level).
  public func release() { request.release() }
}
