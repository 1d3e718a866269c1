import NixieSystem

/// A thread-safe mailbox for the daemon loop: other threads post commands and wake the loop;
/// the loop takes them when it wakes.
///
/// Commands are numbered as they are posted, so a poster can wait until the loop has taken
/// (and, with `ClockStatus`, applied) its own: `posted` after a post, `taken` after a take.
public final class ClockInbox: Sendable {
  private struct Box {
    var pending: [ClockCommand] = []
    var posted: UInt64 = 0
    var taken: UInt64 = 0
  }

  private let box = Locked(Box())
  private let wake: @Sendable () -> Void

  /// `wake` interrupts the loop's wait (the eventfd of the system clock).
  public init(wake: @escaping @Sendable () -> Void = {}) { self.wake = wake }

  public func post(_ command: ClockCommand) {
    box.withLock {
      $0.pending.append(command)
      $0.posted &+= 1
    }
    wake()
  }

  /// Every command posted since the last call, oldest first.
  public func take() -> [ClockCommand] {
    box.withLock { box in
      defer {
        box.pending.removeAll()
        box.taken = box.posted
      }
      return box.pending
    }
  }

  /// The number of commands posted so far.
  public var posted: UInt64 { box.withLock { $0.posted } }

  /// The number of commands taken so far: the first `taken` of those posted.
  public var taken: UInt64 { box.withLock { $0.taken } }
}
