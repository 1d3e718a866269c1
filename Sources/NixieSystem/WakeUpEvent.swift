import CSystem
import Glibc

/// An eventfd(2) that another thread writes to wake the daemon loop out of its wait (a
/// control-socket request arrived). Safe to signal from any thread.
public final class WakeUpEvent: Sendable {
  public let descriptor: FileDescriptor

  /// The corresponding C function is `eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)`.
  public init() throws(SystemCallError) {
    let fd = try SystemCall.run("eventfd") { eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK)) }
    descriptor = FileDescriptor(fd)
  }

  /// Makes the descriptor readable until `drain()`.
  public func signal() {
    var one: UInt64 = 1
    while Glibc.write(descriptor.rawValue, &one, MemoryLayout<UInt64>.size) == -1 && errno == EINTR {}
  }

  /// Clears the pending wake-ups.
  public func drain() {
    var count: UInt64 = 0
    while Glibc.read(descriptor.rawValue, &count, MemoryLayout<UInt64>.size) == -1 && errno == EINTR {}
  }
}
