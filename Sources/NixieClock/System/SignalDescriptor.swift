import CClockSystem
import Glibc

/// Signals delivered as reads from a signalfd(2) instead of to a handler, so the daemon loop
/// handles SIGTERM and SIGHUP in its own time and no work runs in signal context.
///
/// Creating one blocks the signals in the calling thread; threads started afterwards inherit
/// the mask, so create it before any thread that must not take the signals.
public final class SignalDescriptor {
  public let descriptor: FileDescriptor

  /// The corresponding C functions are `pthread_sigmask(SIG_BLOCK)` and `signalfd`.
  public init(signals: [Int32]) throws(SystemCallError) {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    let result = pthread_sigmask(SIG_BLOCK, &set, nil)
    if result != 0 { throw SystemCallError("pthread_sigmask", errno: result) }
    let fd = try SystemCall.run("signalfd") { signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK)) }
    descriptor = FileDescriptor(fd)
  }

  /// The next pending signal's number, or nil when none is pending.
  public func next() throws(SystemCallError) -> Int32? {
    var info = signalfd_siginfo()
    while true {
      let got = Glibc.read(descriptor.rawValue, &info, MemoryLayout<signalfd_siginfo>.size)
      if got == MemoryLayout<signalfd_siginfo>.size { return Int32(bitPattern: info.ssi_signo) }
      let error = errno
      if error == EINTR { continue }
      if error == EAGAIN { return nil }
      throw SystemCallError("read", subject: "signalfd", errno: error)
    }
  }
}
