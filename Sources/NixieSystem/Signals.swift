import Glibc

/// Process-wide signal dispositions.
public enum Signals {
  /// SIGPIPE ignored, so a reader that goes away (journald restarted, `| head`) makes the
  /// write fail with EPIPE — which `FileStream` keeps and stops writing on — instead of killing
  /// the process with the tubes lit. Call it first thing in `main`.
  /// The corresponding C function is `signal(SIGPIPE, SIG_IGN)`.
  public static func ignoreBrokenPipes() { _ = signal(SIGPIPE, SIG_IGN) }

  /// Blocks `signals` in the calling thread (and the threads it starts) from now on, so one
  /// that arrives before the command has made its `SignalDescriptor` waits there instead of
  /// ending the process: call it first thing in `main` for the commands that take signals.
  /// The corresponding C function is `pthread_sigmask(SIG_BLOCK)`.
  public static func block(_ signals: [Signal]) {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal.rawValue) }
    pthread_sigmask(SIG_BLOCK, &set, nil)
  }
}
