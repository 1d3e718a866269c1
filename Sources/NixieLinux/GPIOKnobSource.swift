import NixieBoardModel
import NixieCore
import NixieInput
import NixieSystem
import NixieTransports

/// A rotary encoder and its push switch on real GPIO lines, as the input logic's
/// `LineEventSource`: libgpiod edge events in timestamp order, with lost edges made good.
///
/// It sleeps in `poll` until an edge or the deadline (the kernel wakes it, nothing polls on a
/// timer). After each wake it also takes whatever else is already queued, so an edge that
/// raced the read of another line is not handed over out of order.
///
/// An edge can be lost when a kernel queue overflows (a fast spin). Then the lines' real
/// levels are read, and a line whose last reported level is not its real one gets one more
/// event with the real level, stamped now. The decoder treats that as what it is — a level it
/// missed the way to — and resynchronises at the next rest position. Only then: a level read
/// also sees edges that are merely still on their way, and stand-ins for those, made while a
/// busy reader lags a turn by a few milliseconds, would cost the detent being turned.
/// libgpiod 1.6 gives each line a queue of 16 and drops edges silently, so a loss is possible
/// only after a read that took 16 events (`GPIOEdgeEvent.fromFullQueue`); libgpiod 2.x has
/// one queue of 1 024 for the three lines and numbers each line's events, so a loss is a
/// skipped number. With 2.x the kernel also debounces the push switch (and reads it
/// debounced), on top of `PushSwitch`.
public final class GPIOKnobSource: LineEventSource {
  private let source: GPIOEdgeEventSource
  private let clock: MonotonicClock
  /// The role of each watched offset.
  private let roles: [UInt32: LineRole]
  /// The level each role was last reported at.
  private var reported: [LineRole: Bool] = [:]
  /// The sequence number of each line's last event (libgpiod 2.x), 0 before the first.
  private var sequence: [UInt32: UInt64] = [:]

  /// Requests the encoder's lines (a, b and the switch if wired) for edge events.
  public convenience init(encoder: EncoderWiring, consumer: String = "nixie") throws(HardwareError) {
    self.init(
      source: try GPIOEdgeEventSource(encoder: encoder, consumer: consumer), encoder: encoder,
      clock: SystemClock())
  }

  /// A board's buttons (all on one gpiochip, as a profile has them), requested for edge
  /// events with each one's pull-up and the kernel's debounce where it has one.
  public convenience init(buttons: [ButtonWiring], consumer: String = "nixie") throws(HardwareError) {
    let chip = try SystemGPIO.openChip(buttons.first?.chip ?? GPIOWiring.raspberryPiHeader)
    try self.init(buttons: buttons, chip: chip, consumer: consumer, clock: SystemClock())
  }

  /// A presence line (a PIR module's output, a button), requested for edge events with its
  /// pull-up if it asks for one; no debounce: every edge is activity alike.
  public convenience init(presence: PresenceWiring, consumer: String = "nixie") throws(HardwareError) {
    let chip = try SystemGPIO.openChip(presence.chip)
    self.init(
      source: try GPIOEdgeEventSource(
        chip: chip, lines: [GPIOInputLine(offset: presence.line, pullUp: presence.pullUp)],
        consumer: consumer,
        clock: SystemClock()),
      roles: [presence.line: .presence], clock: SystemClock())
  }

  /// The buttons' lines on `chip`: each with its pull-up, debounced by the kernel for the
  /// software debouncer's period where the API can.
  convenience init(buttons: [ButtonWiring], chip: any GPIOChipAPI, consumer: String, clock: MonotonicClock)
    throws(HardwareError)
  {
    let lines = buttons.map {
      GPIOInputLine(offset: $0.line, pullUp: $0.pullUp, debounce: SwitchSettings().debounce)
    }
    self.init(
      source: try GPIOEdgeEventSource(chip: chip, lines: lines, consumer: consumer, clock: clock),
      roles: Dictionary(buttons.map { ($0.line, $0.role) }, uniquingKeysWith: { first, _ in first }),
      clock: clock)
  }

  /// Wraps an edge source watching `encoder`'s lines; `clock` must be CLOCK_MONOTONIC's.
  convenience init(source: GPIOEdgeEventSource, encoder: EncoderWiring, clock: MonotonicClock) {
    var roles: [UInt32: LineRole] = [encoder.a: .a, encoder.b: .b]
    if let pushSwitch = encoder.pushSwitch { roles[pushSwitch] = .sw }
    self.init(source: source, roles: roles, clock: clock)
  }

  /// Wraps an edge source watching the lines of `roles` (offset → role).
  init(source: GPIOEdgeEventSource, roles: [UInt32: LineRole], clock: MonotonicClock) {
    self.source = source
    self.clock = clock
    self.roles = roles
  }

  public func readLevels() throws -> LineSet {
    let levels = try currentLevels()
    reported = levels
    return LineSet(levels.filter(\.value).map(\.key))
  }

  public func next(until deadline: UInt64?) throws -> [LineEvent]? {
    var edges = try source.waitForEvents(until: deadline)
    guard !edges.isEmpty else { return [] }
    while case let more = try source.waitForEvents(until: 0), !more.isEmpty { edges += more }
    let now = clock.now()
    var events = edges.enumerated()
      .sorted { ($0.element.timestampNanoseconds, $0.offset) < ($1.element.timestampNanoseconds, $1.offset) }
      .compactMap { _, edge in
        roles[edge.offset].map { LineEvent($0, high: edge.rising, at: edge.timestampNanoseconds) }
      }
    for event in events { reported[event.role] = event.high }
    guard lostEdges(in: edges) else { return events }
    for (role, level) in try currentLevels() where reported[role] != level {
      events.append(LineEvent(role, high: level, at: max(now, events.last?.time ?? now)))
      reported[role] = level
    }
    return events
  }

  /// Whether edges may have been lost before or among `edges`: with libgpiod 1.6 when a read
  /// took a whole queue, with 2.x when a line's numbers skip one.
  private func lostEdges(in edges: [GPIOEdgeEvent]) -> Bool {
    var lost = false
    for edge in edges {
      guard let number = edge.lineSequence else {
        if edge.fromFullQueue { lost = true }
        continue
      }
      if number != sequence[edge.offset, default: 0] + 1 { lost = true }
      sequence[edge.offset] = number
    }
    return lost
  }

  /// Wakes a waiting `next` from another thread (for a clean shutdown).
  public func cancel() { source.cancel() }

  private func currentLevels() throws(HardwareError) -> [LineRole: Bool] {
    var levels: [LineRole: Bool] = [:]
    for (offset, level) in try source.levels() {
      if let role = roles[offset] { levels[role] = level }
    }
    return levels
  }
}
