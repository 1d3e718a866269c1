import NixieControl
import NixieCore

/// Commands and topic values waiting to be sent to the clock. MQTT carries state, not a queue
/// of orders: of each topic only the newest message waits (a slider dragged, a flood of 5 000
/// values: the last one wins and always arrives), topics in the order they first came. They go
/// out at most `rate` a second (bursts of `burst`), well inside the clock's rate limits, which
/// the bridge shares with `nixie web` and `nixie send`; a request the clock turned away as busy
/// waits `busyWait` and goes again unless a newer one took its place. Pure: time is given.
struct CommandQueue: Sendable {
  /// One message turned into its request.
  struct Command: Hashable, Sendable {
    var topic: String
    /// The payload as it came (for messages about it).
    var payload: [UInt8]
    var request: ControlRequest
  }

  /// Requests sent a second, at most, and in a burst.
  static let rate = 2.0
  static let burst = 4.0
  /// How long a request the clock was too busy for waits.
  static let busyWait: UInt64 = 1_000_000_000

  private var order: [String] = []
  private var waiting: [String: Command] = [:]
  private var pace = TokenBucket(rate: rate, burst: burst)
  private var notBefore: UInt64 = 0

  var isEmpty: Bool { order.isEmpty }

  /// `command` waits, in place of its topic's older one.
  mutating func add(_ command: Command) {
    if waiting.updateValue(command, forKey: command.topic) == nil { order.append(command.topic) }
  }

  /// When `next` can give a command, if one waits.
  func due(at now: UInt64) -> UInt64? {
    guard !order.isEmpty else { return nil }
    return max(notBefore, pace.nextToken(at: now))
  }

  /// The command to send at `now`, if one waits and the pace allows.
  mutating func next(at now: UInt64) -> Command? {
    guard let topic = order.first, now >= notBefore, pace.take(at: now) else { return nil }
    order.removeFirst()
    return waiting.removeValue(forKey: topic)
  }

  /// The clock was too busy for `command` at `now`: it goes again after `busyWait`, unless a
  /// newer one of its topic came meanwhile.
  mutating func busy(_ command: Command, at now: UInt64) {
    notBefore = now + Self.busyWait
    guard waiting[command.topic] == nil else { return }
    waiting[command.topic] = command
    order.insert(command.topic, at: 0)
  }

  /// Every waiting command, taken out (the clock is gone: they cannot be sent).
  mutating func removeAll() -> [Command] {
    defer {
      order = []
      waiting = [:]
    }
    return order.compactMap { waiting[$0] }
  }
}
