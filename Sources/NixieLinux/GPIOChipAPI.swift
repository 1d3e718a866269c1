/// The libgpiod calls nixie makes, as one small interface. libgpiod 1.6 (the v1 API of Debian
/// 12 and Raspberry Pi OS Bookworm) implements it in `LibgpiodV1`; a libgpiod 2.x
/// implementation (Trixie) can take its place behind `SystemGPIO` without touching callers.
protocol GPIOLibrary {
  /// Opens a chip by name (`gpiochip0`), path (`/dev/gpiochip0`) or label (`pinctrl-bcm2711`).
  static func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipAPI
  /// The library's version, e.g. `1.6.3`.
  static var version: String { get }
}

/// The libgpiod implementation this build uses.
typealias SystemGPIO = LibgpiodV1

/// One open gpiochip.
protocol GPIOChipAPI: AnyObject {
  /// The kernel's name for it, e.g. `gpiochip0`.
  var name: String { get }
  /// The driver's label, e.g. `pinctrl-bcm2711`.
  var label: String { get }
  /// Lines 0 ..< lineCount exist.
  var lineCount: UInt32 { get }
  /// What the kernel says about line `offset` now.
  func lineInfo(_ offset: UInt32) throws(HardwareError) -> GPIOLineInfo
  /// Takes `offsets` as outputs for `consumer`, driven to `values` at once. `operation` names
  /// the request in errors. The lines stay taken until the request is released.
  func requestOutputs(
    _ offsets: [UInt32], values: [Bool], consumer: String, operation: String
  ) throws(HardwareError) -> any GPIOOutputRequestAPI
  /// Takes `offsets` as inputs reporting both edges, with pull-ups if `pullUp` and the kernel
  /// supports bias (the request says whether it did).
  func requestEdgeEvents(
    _ offsets: [UInt32], pullUp: Bool, consumer: String, operation: String
  ) throws(HardwareError) -> any GPIOEventRequestAPI
}

/// Output lines requested together.
protocol GPIOOutputRequestAPI: AnyObject {
  /// Sets every requested line, in request order, in one call (one ioctl).
  func setValues(_ values: [Bool]) throws(HardwareError)
  /// Gives the lines back; later calls fail. Safe to call twice.
  func release()
}

/// Input lines requested for edge events.
protocol GPIOEventRequestAPI: AnyObject {
  /// Descriptors that become readable when events are queued (one per line with v1, one for
  /// the request with v2).
  var descriptors: [Int32] { get }
  /// Whether the kernel took the pull-up bias.
  var biasApplied: Bool { get }
  /// Reads the events queued on the readable `descriptor`, appending them to `events`.
  func readEvents(from descriptor: Int32, into events: inout [GPIOEdgeEvent]) throws(HardwareError)
  /// The lines' levels now, in request order (physical: true = high).
  func values() throws(HardwareError) -> [Bool]
  func release()
}

extension GPIOChipAPI {
  /// `error` from requesting `offsets`, with who holds which line when it says "busy" (from
  /// the line info), so the message names the program or driver to stop.
  func explainingBusy(_ error: HardwareError, offsets: [UInt32]) -> HardwareError {
    guard error.problem == .busy else { return error }
    let holders = offsets.compactMap { offset -> String? in
      guard let info = try? lineInfo(offset), info.isUsed else { return nil }
      return "line \(offset) \(info.holder)"
    }
    guard !holders.isEmpty else { return error }
    return HardwareError(
      transport: .gpio, device: error.device, operation: error.operation, problem: .busy,
      errno: error.errno, detail: holders.joined(separator: ", "))
  }
}
