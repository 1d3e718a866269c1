import NixieSystem

/// A thread-safe mailbox for the daemon loop: other threads post commands and wake the loop;
/// the loop takes them when it wakes.
public final class ClockInbox: Sendable {
  private let commands = Locked<[ClockCommand]>([])
  private let wake: @Sendable () -> Void

  /// `wake` interrupts the loop's wait (the eventfd of the system clock).
  public init(wake: @escaping @Sendable () -> Void = {}) { self.wake = wake }

  public func post(_ command: ClockCommand) {
    commands.withLock { $0.append(command) }
    wake()
  }

  /// Every command posted since the last call, oldest first.
  public func take() -> [ClockCommand] {
    commands.withLock { pending in
      defer { pending.removeAll() }
      return pending
    }
  }
}
