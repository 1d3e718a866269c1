import Glibc
import NixieBoardModel
import NixieBoards
import NixieCore
import NixieSystem
import NixieTransports

@testable import NixieLinux

/// A gpiochip double at the libgpiod seam: it records requests and writes, reports line info
/// as configured, and can refuse a request as the kernel would.
final class FakeGPIOChip: GPIOChipAPI {
  let name: String
  let label: String
  let lineCount: UInt32
  /// Lines someone else holds, and the consumer the kernel reports for them.
  var held: [UInt32: String] = [:]
  /// The error the next request fails with, if any.
  var requestFailure: HardwareError?
  private(set) var outputRequests: [(offsets: [UInt32], values: [Bool], consumer: String)] = []
  /// The output requests made, in order.
  private(set) var outputRequestsMade: [FakeOutputRequest] = []
  /// The first output request (a board's display lines; a backlight's come later).
  var outputs: FakeOutputRequest { outputRequestsMade.first ?? FakeOutputRequest() }
  var events: FakeEventRequest?

  init(name: String = "gpiochip0", label: String = "pinctrl-bcm2711", lineCount: UInt32 = 58) {
    self.name = name
    self.label = label
    self.lineCount = lineCount
  }

  func lineInfo(_ offset: UInt32) throws(HardwareError) -> GPIOLineInfo {
    GPIOLineInfo(
      offset: offset, name: "GPIO\(offset)", consumer: held[offset], isUsed: held[offset] != nil,
      isOutput: false)
  }

  func requestOutputs(
    _ lines: [GPIOOutputLine], consumer: String, operation: String
  ) throws(HardwareError) -> any GPIOOutputRequestAPI {
    if let requestFailure { throw requestFailure }
    let offsets = lines.map(\.offset)
    if offsets.contains(where: { held[$0] != nil }) {
      throw HardwareError(
        Errno.busy, transport: .gpio, device: "/dev/\(name)", operation: operation, phase: .request)
    }
    outputRequests.append((offsets, lines.map(\.high), consumer))
    let request = FakeOutputRequest()
    request.lines = lines
    outputRequestsMade.append(request)
    return request
  }

  /// The lines of the last edge-event request, with their settings.
  private(set) var inputRequests: [[GPIOInputLine]] = []

  func requestEdgeEvents(
    _ lines: [GPIOInputLine], consumer: String, operation: String
  ) throws(HardwareError) -> any GPIOEventRequestAPI {
    if let requestFailure { throw requestFailure }
    let offsets = lines.map(\.offset)
    if offsets.contains(where: { held[$0] != nil }) {
      throw HardwareError(
        Errno.busy, transport: .gpio, device: "/dev/\(name)", operation: operation, phase: .request)
    }
    inputRequests.append(lines)
    let request = FakeEventRequest(
      offsets: offsets, biasApplied: lines.contains(where: \.pullUp),
      debounceApplied: lines.contains { $0.debounce > 0 })
    events = request
    return request
  }
}

/// Output lines that record each one-call write: the lines it names (its mask) and the level
/// of every line, in request order.
final class FakeOutputRequest: GPIOOutputRequestAPI {
  /// Every line's level after each write.
  private(set) var writes: [[Bool]] = []
  /// The lines each write named.
  private(set) var masks: [[Bool]] = []
  /// The calls made: a frame of the bit-banging driver is one.
  private(set) var calls = 0
  private(set) var released = false
  private(set) var levels = LineSet()
  var lines: [GPIOOutputLine] = [] {
    didSet { levels = lines.initialLevels }
  }
  var writeCount: Int { writes.count }

  func setValues(_ writes: UnsafeBufferPointer<LineWrite>) throws(HardwareError) {
    calls += 1
    for write in writes {
      levels = write.applied(to: levels).intersection(lines.bits)
      self.writes.append(lines.map { levels.rawValue >> UInt64($0.bit) & 1 == 1 })
      masks.append(lines.map { write.lines.rawValue >> UInt64($0.bit) & 1 == 1 })
    }
  }

  func release() { released = true }
}

/// Edge-event lines backed by pipes: a test queues events, which make the pipe readable
/// exactly as the kernel makes a line's event descriptor readable.
final class FakeEventRequest: GPIOEventRequestAPI {
  let offsets: [UInt32]
  let biasApplied: Bool
  let debounceApplied: Bool
  var levels: [Bool]
  private var pipes: [(read: Int32, write: Int32)] = []
  private var queued: [Int32: [GPIOEdgeEvent]] = [:]

  init(offsets: [UInt32], biasApplied: Bool, debounceApplied: Bool = false) {
    self.offsets = offsets
    self.biasApplied = biasApplied
    self.debounceApplied = debounceApplied
    self.levels = offsets.map { _ in true }
    for _ in offsets {
      var ends: [Int32] = [-1, -1]
      _ = pipe(&ends)
      pipes.append((ends[0], ends[1]))
    }
  }

  deinit {
    for (read, write) in pipes {
      close(read)
      close(write)
    }
  }

  var descriptors: [Int32] { pipes.map(\.read) }

  /// Queues an edge on its line, as an interrupt would.
  func queue(_ event: GPIOEdgeEvent) {
    guard let index = offsets.firstIndex(of: event.offset) else { return }
    queued[pipes[index].read, default: []].append(event)
    var byte: UInt8 = 1
    _ = write(pipes[index].write, &byte, 1)
  }

  func readEvents(from descriptor: Int32, into events: inout [GPIOEdgeEvent]) throws(HardwareError) {
    var bytes = [UInt8](repeating: 0, count: 64)
    _ = read(descriptor, &bytes, bytes.count)
    events += queued.removeValue(forKey: descriptor) ?? []
  }

  func values() throws(HardwareError) -> [Bool] { levels }
  func release() {}
}

/// A clock that reads a set time and never sleeps.
final class FixedClock: MonotonicClock, @unchecked Sendable {
  var time: UInt64
  private(set) var sleeps: [UInt64] = []
  init(_ time: UInt64 = 0) { self.time = time }
  func now() -> UInt64 { time }
  func sleep(until deadline: UInt64) {
    sleeps.append(deadline)
    time = max(time, deadline)
  }
}

enum Boards {
  static func named(_ name: String) throws -> BoardProfile { try BoardCatalog.load(.builtIn(name)) }
}
