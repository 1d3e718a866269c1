import NixieBoardModel
import NixieTransports
import NixieSystem

/// The libgpiod calls nixie makes, as one small interface with one implementation per API:
/// `LibgpiodV1` on libgpiod 1.6 (Debian 12, Raspberry Pi OS Bookworm) and `LibgpiodV2` on
/// libgpiod 2.x (Debian 13, Raspberry Pi OS Trixie). The two APIs share no function, so a build
/// compiles one of them: Package.swift asks `pkg-config --modversion libgpiod` and defines the
/// compilation condition `LIBGPIOD_V2` for a 2.x library. Callers only see `SystemGPIO`.
protocol GPIOLibrary {
  /// Opens a chip by name (`gpiochip0`), path (`/dev/gpiochip0`) or label (`pinctrl-bcm2711`).
  static func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipAPI
  /// The library's version, e.g. `1.6.3`.
  static var version: String { get }
  /// The major version of the API this build is compiled against: 1 or 2.
  static var apiMajor: Int { get }
}

extension GPIOLibrary {
  /// Runs a libgpiod call that returns -1 with errno on failure: EINTR is retried (the one
  /// choke point, `SystemCall`), any other errno becomes a `HardwareError` for `device`.
  static func call(
    _ device: String, _ operation: @autoclosure () -> String, phase: HardwareError.Phase,
    _ body: () -> Int32
  ) throws(HardwareError) {
    do throws(SystemCallError) {
      _ = try SystemCall.run("libgpiod", body)
    } catch {
      throw HardwareError(error.errno, transport: .gpio, device: device, operation: operation(), phase: phase)
    }
  }
}

#if LIBGPIOD_V2
  /// The libgpiod implementation this build uses.
  typealias SystemGPIO = LibgpiodV2
#else
  /// The libgpiod implementation this build uses.
  typealias SystemGPIO = LibgpiodV1
#endif

/// One open gpiochip: what it is (`GPIOChipInfo`) and its lines requested.
protocol GPIOChipAPI: GPIOChipInfo {
  /// Takes `lines` as outputs for `consumer`, each driven to its level at once. `operation`
  /// names the request in errors. The lines stay taken until the request is released.
  func requestOutputs(
    _ lines: [GPIOOutputLine], consumer: String, operation: String
  ) throws(HardwareError) -> any GPIOOutputRequestAPI
  /// Takes `lines` as inputs reporting both edges, each with its bias and debounce where the
  /// kernel and the API support them (the request says what it got), in one request.
  func requestEdgeEvents(
    _ lines: [GPIOInputLine], consumer: String, operation: String
  ) throws(HardwareError) -> any GPIOEventRequestAPI
}

/// Output lines requested together.
protocol GPIOOutputRequestAPI: AnyObject {
  /// Writes made since the request, each one call (one ioctl) that succeeded (v2 makes no call
  /// for a write that names no line).
  var writeCount: Int { get }
  /// The level of every line (by its `GPIOOutputLine.bit`) as the writes made set it.
  var levels: LineSet { get }
  /// Makes `writes` in order, each in one call (one ioctl): it sets the lines it names, by
  /// their bits, to its levels, and the others keep theirs (the v1 API cannot leave a line out
  /// and sets them to their level again; the v2 API sets only the named ones). Stops at the
  /// first that fails. Allocates nothing and calls nothing per write but the library: a
  /// bit-banged frame is one call, two writes a bit.
  func setValues(_ writes: UnsafeBufferPointer<LineWrite>) throws(HardwareError)
  /// Gives the lines back; later calls fail. Safe to call twice.
  func release()
}

/// Input lines requested for edge events.
protocol GPIOEventRequestAPI: AnyObject {
  /// Descriptors that become readable when events are queued: one per line with v1 (each
  /// line has its own kernel queue), one for the whole request with v2 (one queue, in the
  /// order the kernel emitted the events).
  var descriptors: [Int32] { get }
  /// Whether the kernel took the pull-up bias.
  var biasApplied: Bool { get }
  /// Whether the kernel debounces the lines that asked for it (v2; v1 has no debounce).
  var debounceApplied: Bool { get }
  /// Reads the events queued on the readable `descriptor`, appending them to `events`.
  func readEvents(from descriptor: Int32, into events: inout [GPIOEdgeEvent]) throws(HardwareError)
  /// The lines' levels now, in request order (physical: true = high; a debounced line reads
  /// its debounced level).
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

  /// The error for a line `offset` the chip does not have, or nil if it has it.
  func missingLine(_ offset: UInt32, for operation: String) -> HardwareError? {
    guard offset >= lineCount else { return nil }
    return HardwareError(
      transport: .gpio, device: "/dev/" + name, operation: operation, problem: .noSuchLine,
      detail: "line \(offset) asked for; \(name) (\(label)) has lines 0–\(Int(lineCount) - 1)")
  }
}
