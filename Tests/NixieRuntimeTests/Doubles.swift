import NixieCore
import NixieDisplay
import NixieDrivers
import NixieSimulator
import NixieSystem
import NixieTransports

/// A driver that keeps every frame written, with the clock's time, and can be told to fail.
final class RecordingDriver: DisplayDriver {
  struct Failure: Error, Equatable {}

  private let clock: MonotonicClock
  private let failAt: Int?
  private(set) var frames: [(time: UInt64, frame: DisplayState)] = []
  private(set) var blanks = 0

  init(clock: MonotonicClock, failAt: Int? = nil) {
    self.clock = clock
    self.failAt = failAt
  }

  func write(_ frame: DisplayState) throws {
    if frames.count == failAt { throw Failure() }
    frames.append((clock.now(), frame))
  }

  func blank() throws { blanks += 1 }
}

/// A driver whose bus glitches until `heal()`: every write fails with a transient fault.
final class GlitchingDriver: DisplayDriver, @unchecked Sendable {
  struct Glitch: TransportFault, Equatable {
    var isTransient: Bool { true }
  }

  private let state = Locked((healed: false, frames: [DisplayState]()))

  func write(_ frame: DisplayState) throws {
    try state.withLock {
      guard $0.healed else { throw Glitch() }
      $0.frames.append(frame)
    }
  }

  func heal() { state.withLock { $0.healed = true } }
  var frames: [DisplayState] { state.withLock { $0.frames } }

  func blank() throws {}
}

/// A manual clock that counts how often it is read and slept on: a loop that polls shows up.
final class CountingClock: MonotonicClock {
  let base = ManualClock()
  private let counts = Locked((reads: 0, sleeps: 0))

  func now() -> UInt64 {
    counts.withLock { $0.reads += 1 }
    return base.now()
  }

  func sleep(until deadline: UInt64) {
    counts.withLock { $0.sleeps += 1 }
    base.sleep(until: deadline)
  }

  var calls: (reads: Int, sleeps: Int) { counts.withLock { $0 } }
}
