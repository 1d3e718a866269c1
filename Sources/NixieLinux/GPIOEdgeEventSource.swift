import NixieBoardModel
import NixieCore
import NixieInput
import NixieSystem

/// Input lines watched for edges through libgpiod, in one request: both edges, pull-ups where
/// the kernel supports bias, kernel debounce where asked for and available (libgpiod 2.x), and
/// the kernel's CLOCK_MONOTONIC timestamp on every event.
///
/// `waitForEvents(until:)` sleeps in `poll` until an edge arrives or the deadline passes —
/// the kernel wakes it, nothing polls on a timer — and returns every queued edge in timestamp
/// order. `cancel()`, from any thread, wakes a waiting call (for a clean shutdown).
///
/// With libgpiod 1.6 each line has its own kernel queue of 16 events and its own descriptor:
/// the lines' events are merged here, and an overflow loses edges silently, so a decoder
/// should resynchronise from `levels()` at a rest state. With 2.x the request has one queue
/// (1 024 events here) and one descriptor, so nothing is merged; its events come in the order
/// the kernel emitted them, which is the order of their timestamps except when two lines' edges
/// are handled by their interrupt threads in the other order — so a batch is still sorted by
/// timestamp (stably: a handful of events, already in order but for such a pair).
///
/// Use it from one thread (the input thread); only `cancel()` may come from another.
public final class GPIOEdgeEventSource: @unchecked Sendable {
  /// The chip as the kernel names it, e.g. `gpiochip0`.
  public let chipName: String
  /// The watched lines, in the order given.
  public let offsets: [UInt32]
  /// Whether the kernel took the pull-ups (false also when none were asked for).
  public let biasApplied: Bool
  /// Whether the kernel debounces the lines that asked for it (libgpiod 2.x).
  public let debounceApplied: Bool
  /// Whether `cancel()` was called: every wait now returns at once with no events.
  public var isCancelled: Bool { cancelled.withLock { $0 } }

  private let chip: any GPIOChipAPI
  private let request: any GPIOEventRequestAPI
  private let clock: MonotonicClock
  private let wakeUp: WakeUpEvent
  private let cancelled = Locked(false)
  /// The request's event descriptors, then the wake-up event's.
  private let descriptors: [Int32]

  /// Opens `chip` (name, path or label) and requests `offsets` as inputs with both-edge
  /// events, with pull-ups if `pullUp` (dropped if the kernel has no bias support).
  public convenience init(
    chip reference: String, offsets: [UInt32], pullUp: Bool, consumer: String = "nixie"
  ) throws(HardwareError) {
    try self.init(
      chip: try SystemGPIO.openChip(reference),
      lines: offsets.map { GPIOInputLine(offset: $0, pullUp: pullUp) }, consumer: consumer,
      clock: SystemClock())
  }

  /// The encoder's lines — A, B, then the push switch if it has one — with its pull-up setting.
  public convenience init(encoder: EncoderWiring, consumer: String = "nixie") throws(HardwareError) {
    try self.init(
      chip: try SystemGPIO.openChip(encoder.chip), lines: Self.lines(of: encoder), consumer: consumer,
      clock: SystemClock())
  }

  /// What to ask of the kernel for `encoder`: A and B report every edge (the quadrature
  /// decoder sorts out bounce by the order of levels, whatever their timing), the push switch
  /// is debounced for the software debouncer's period (`SwitchSettings.debounce`, 5 ms), so
  /// contact bounce never reaches the queue where the API can do that.
  static func lines(of encoder: EncoderWiring) -> [GPIOInputLine] {
    var lines = [
      GPIOInputLine(offset: encoder.a, pullUp: encoder.pullUp),
      GPIOInputLine(offset: encoder.b, pullUp: encoder.pullUp),
    ]
    if let pushSwitch = encoder.pushSwitch {
      lines.append(
        GPIOInputLine(offset: pushSwitch, pullUp: encoder.pullUp, debounce: SwitchSettings().debounce))
    }
    return lines
  }

  init(
    chip: any GPIOChipAPI, lines: [GPIOInputLine], consumer: String, clock: MonotonicClock
  ) throws(HardwareError) {
    self.chip = chip
    self.chipName = chip.name
    self.offsets = lines.map(\.offset)
    self.clock = clock
    let listed = offsets.map(String.init).joined(separator: ", ")
    do throws(HardwareError) {
      request = try chip.requestEdgeEvents(
        lines, consumer: consumer, operation: "request lines \(listed) as inputs with edge events")
    } catch {
      throw chip.explainingBusy(error, offsets: offsets)
    }
    biasApplied = lines.contains(where: \.pullUp) && request.biasApplied
    debounceApplied = lines.contains { $0.debounce > 0 } && request.debounceApplied
    do throws(SystemCallError) {
      wakeUp = try WakeUpEvent()
    } catch {
      request.release()
      throw HardwareError(
        error.errno, transport: .gpio, device: "/dev/" + chip.name, operation: "make a wake-up event",
        phase: .open)
    }
    descriptors = request.descriptors + [wakeUp.descriptor.rawValue]
  }

  deinit { close() }

  /// The lines' levels now (physical: true = high), by offset.
  public func levels() throws(HardwareError) -> [UInt32: Bool] {
    Dictionary(uniqueKeysWithValues: zip(offsets, try request.values()))
  }

  /// Blocks until at least one edge is queued or CLOCK_MONOTONIC reaches `deadline` (nil: no
  /// limit), then returns every queued edge, oldest first; empty on timeout or cancellation.
  public func waitForEvents(until deadline: UInt64?) throws(HardwareError) -> [GPIOEdgeEvent] {
    while !isCancelled {
      var timeout: UInt64?
      if let deadline {
        let now = clock.now()
        timeout = deadline > now ? deadline - now : 0
      }
      let ready: [Int]
      do throws(SystemCallError) {
        ready = try Poll.readable(descriptors, timeout: timeout)
      } catch {
        throw HardwareError(
          error.errno, transport: .gpio, device: "/dev/" + chipName, operation: "wait for edge events",
          phase: .transfer)
      }
      if !ready.isEmpty {
        var events: [GPIOEdgeEvent] = []
        for index in ready where index < descriptors.count - 1 {
          try request.readEvents(from: descriptors[index], into: &events)
        }
        if !events.isEmpty {
          return events.enumerated().sorted {
            ($0.element.timestampNanoseconds, $0.offset) < ($1.element.timestampNanoseconds, $1.offset)
          }.map(\.element)
        }
      }
      if let deadline, clock.now() >= deadline { return [] }
    }
    return []
  }

  /// Wakes a waiting `waitForEvents` and makes every later one return at once. Thread-safe.
  public func cancel() {
    cancelled.withLock { $0 = true }
    wakeUp.signal()
  }

  /// Gives the lines back to the kernel.
  public func close() { request.release() }
}
