import Glibc
import NixieClock
import NixieDisplay
import NixieLogging
import NixieSystem
import NixieTestSupport

/// A `ClockDisplay` that remembers every call, with the displayed time it came at.
final class RecordingDisplay: ClockDisplay {
  struct Call: Equatable {
    var text: String
    var brightness: Double
    var change: DisplayChange?
    var wall: Int64
  }

  let layout: DisplayLayout
  let clock: DaemonClock
  var calls: [Call] = []

  init(layout: DisplayLayout, clock: DaemonClock) {
    self.layout = layout
    self.clock = clock
  }

  func show(_ state: DisplayState, brightness: Double, change: DisplayChange) throws {
    calls.append(
      Call(text: layout.text(of: state), brightness: brightness, change: change, wall: clock.wallTime()))
  }

  func blank() throws {
    calls.append(
      Call(text: layout.text(of: layout.blank), brightness: 0, change: nil, wall: clock.wallTime()))
  }
}

/// A synchronisation source a test switches.
final class FakeSynchronisation: SynchronisationSource {
  var synchronised = true
  func synchronisation() -> ClockSynchronisation { synchronised ? .synchronised : .unsynchronised }
}

/// A service manager that records what it was told, when (monotonic) and from which thread;
/// safe to call from the daemon loop and the frame loop at once.
final class RecordingNotifier: ServiceNotifier, @unchecked Sendable {
  struct Message {
    var mono: UInt64
    var text: String
    /// `pthread_self()` of the caller.
    var thread: pthread_t
  }

  let watchdogInterval: UInt64?
  let clock: DaemonClock
  private let record = Locked<[Message]>([])

  init(watchdogInterval: UInt64?, clock: DaemonClock) {
    self.watchdogInterval = watchdogInterval
    self.clock = clock
  }

  var messages: [Message] { record.withLock { $0 } }

  /// The monotonic times of the `WATCHDOG=1` pings.
  var pings: [UInt64] { messages.filter { $0.text == "WATCHDOG=1" }.map(\.mono) }

  func notify(_ assignments: [String]) throws(SystemCallError) {
    let message = Message(
      mono: clock.monotonicTime(), text: assignments.joined(separator: "\n"), thread: pthread_self())
    record.withLock { $0.append(message) }
  }
}
