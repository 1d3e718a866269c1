import NixieCore
import NixieSystem

/// A board's GPIO output lines on a real gpiochip, through libgpiod.
///
/// The lines are requested once, together, under a consumer name (`gpioinfo` shows it) and
/// held until `release()` or the end of the process. Every `set` is one call — one ioctl — so
/// a driver's multi-line write (data with clock) reaches the pins together; the lines not named
/// keep their level (libgpiod 1.6 sets them to it again, 2.x leaves them out).
///
/// Writes are made twice per bit shifted, a frame's in one call (`set(_:)`), so a write
/// allocates nothing and does little besides the libgpiod call: a sequence is translated to
/// request bits (through a table made once) into a buffer kept from call to call, then made by
/// the request in one loop. The state skips Swift's run-time exclusivity checks (a thread-local
/// lookup per access, about a tenth of a write under emulation): it is used from one thread at
/// a time and never re-entered.
public final class GPIOChipLines: GPIOLines {
  /// The chip as the kernel names it, e.g. `gpiochip0`.
  public let chipName: String
  /// The line offset of each role.
  public let offsets: [LineRole: UInt32]
  /// The level of every line (set bit = high), as last set.
  public var levels: LineSet {
    var levels = LineSet()
    for (index, role) in roles.enumerated() where requestLevels >> UInt64(index) & 1 == 1 {
      levels.insert(.role(role))
    }
    return levels
  }
  /// Multi-line writes made (each one ioctl).
  public var writeCount: Int { request.writeCount }
  /// The level of every line as request bits (bit i: the i-th line of the request).
  @exclusivity(unchecked) private var requestLevels: UInt64
  /// The writes of a sequence, translated; grown when a longer one comes.
  @exclusivity(unchecked) private var pending: UnsafeMutableBufferPointer<GPIORequestWrite>

  private let roles: [LineRole]
  private let wired: LineSet
  /// The request's bit (bit i: its i-th line) of each `LineSet` bit (a role's `rawValue`).
  private let requestBit: [UInt64]
  /// When the roles are consecutive (din, clk, le, bl; data, shcp, stcp, oe: the usual case),
  /// the request's bits are the `LineSet` bits shifted right by this, one instruction instead
  /// of a look-up for each line a write names; nil otherwise.
  private let consecutiveShift: UInt64?
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
    let first = UInt64(wired.rawValue.trailingZeroBitCount)
    let consecutive = !roles.isEmpty && wired.rawValue &>> first == (1 << UInt64(roles.count)) - 1
    consecutiveShift = consecutive ? first : nil
    var requestLevels: UInt64 = 0
    for (index, role) in roles.enumerated() where initialLevels.contains(role) {
      requestLevels |= 1 << UInt64(index)
    }
    self.requestLevels = requestLevels
    let described = sorted.map { "\($0.value) (\($0.key.name))" }.joined(separator: ", ")
    do throws(HardwareError) {
      request = try chip.requestOutputs(
        sorted.map(\.value), values: roles.map { initialLevels.contains($0) }, consumer: consumer,
        operation: "request lines \(described) as outputs")
    } catch {
      throw chip.explainingBusy(error, offsets: sorted.map(\.value))
    }
    pending = .allocate(capacity: 1)
  }

  deinit { pending.deallocate() }

  public func set(_ lines: LineSet, to levels: LineSet) throws {
    try make(CollectionOfOne(LineWrite(lines, to: levels)))
  }

  public func set(_ writes: [LineWrite]) throws {
    try make(writes)
  }

  /// Translates `writes` into `pending`, refusing the whole sequence if one names a line the
  /// board does not wire, then has the request make them.
  private func make<Writes: Collection<LineWrite>>(_ writes: Writes) throws(HardwareError) {
    if writes.count > pending.count {
      pending.deallocate()
      pending = .allocate(capacity: writes.count)
    }
    var levels = requestLevels
    for (index, write) in writes.enumerated() {
      guard write.lines.isSubset(of: wired) else { throw unwired(write.lines) }
      let mask = requestBits(write.lines)
      levels = levels & ~mask | requestBits(write.levels.intersection(write.lines))
      pending[index] = GPIORequestWrite(mask: mask, levels: levels)
    }
    let before = request.writeCount
    defer {
      let made = request.writeCount - before
      if made > 0 { requestLevels = pending[made - 1].levels }
    }
    try request.setValues(UnsafeBufferPointer(rebasing: pending[..<writes.count]))
  }

  private func unwired(_ lines: LineSet) -> HardwareError {
    HardwareError(
      transport: .gpio, device: "/dev/" + chipName, operation: "set lines", problem: .noSuchLine,
      detail: "the board wires no \(lines.subtracting(wired).roles.map(\.name).joined(separator: ", ")) line",
      fix: "add the line to the board profile's gpio section")
  }

  /// The request's line bits of the roles in `set`.
  private func requestBits(_ set: LineSet) -> UInt64 {
    if let shift = consecutiveShift { return set.rawValue &>> shift }
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
