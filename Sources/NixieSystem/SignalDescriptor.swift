import CSystem
import Glibc
import NixieCore

/// Signals delivered as reads from a signalfd(2) instead of to a handler: the one way nixie
/// takes signals. The clock's loop polls the descriptor beside its timers; a one-shot command
/// waits on it with `wait(until:clock:)`. No work runs in signal context.
///
/// Creating one blocks the signals in the calling thread; threads started afterwards inherit
/// the mask, so create it before any thread that must not take the signals.
public final class SignalDescriptor {
  public let descriptor: FileDescriptor
  private let previousMask: sigset_t

  /// The corresponding C functions are `pthread_sigmask(SIG_BLOCK)` and `signalfd`.
  public init(signals: [Signal]) throws(SystemCallError) {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal.rawValue) }
    var previous = sigset_t()
    let result = pthread_sigmask(SIG_BLOCK, &set, &previous)
    if result != 0 { throw SystemCallError("pthread_sigmask", errno: result) }
    previousMask = previous
    let fd: Int32
    do {
      fd = try SystemCall.run("signalfd") { signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK)) }
    } catch {
      pthread_sigmask(SIG_SETMASK, &previous, nil)
      throw error
    }
    descriptor = FileDescriptor(fd)
  }

  /// The next pending signal, or nil when none is pending.
  public func next() throws(SystemCallError) -> Signal? {
    var info = signalfd_siginfo()
    while true {
      let got = Glibc.read(descriptor.rawValue, &info, MemoryLayout<signalfd_siginfo>.size)
      if got == MemoryLayout<signalfd_siginfo>.size {
        // Only the signals asked for arrive here.
        guard let signal = Signal(rawValue: Int32(bitPattern: info.ssi_signo)) else { continue }
        return signal
      }
      let error = Errno.current
      if error == .interrupted { continue }
      if error == .tryAgain { return nil }
      throw SystemCallError("read", subject: "signalfd", errno: error)
    }
  }

  /// Waits until `deadline` on `clock` (CLOCK_MONOTONIC), or until one of the signals arrives.
  /// Returns the signal, or nil when the deadline came first.
  public func wait(until deadline: UInt64, clock: MonotonicClock) throws(SystemCallError) -> Signal? {
    while true {
      if let signal = try next() { return signal }
      let now = clock.now()
      guard deadline > now else { return nil }
      _ = try Poll.readable([descriptor.rawValue], timeout: deadline - now)
    }
  }

  /// Puts the signal mask back as it was before this descriptor blocked its signals.
  public func restoreMask() {
    var previous = previousMask
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }
}

extension SignalDescriptor {
  /// `init(signals:)` as a command takes it: failing to block or read its own signals is
  /// nixie's error (exit 70), not the user's.
  public static func blocking(_ signals: [Signal]) throws(NixieError) -> SignalDescriptor {
    do {
      return try SignalDescriptor(signals: signals)
    } catch {
      throw NixieError(.internalError, "\(error)")
    }
  }

  /// Waits, however long it takes, for one of the signals: a service's life until SIGTERM. A
  /// failed wait is nixie's error (exit 70).
  public func waitForSignal() throws(NixieError) {
    do {
      while try wait(until: UInt64.max, clock: SystemClock()) == nil {}
    } catch {
      throw NixieError(.internalError, "\(error)")
    }
  }
}
