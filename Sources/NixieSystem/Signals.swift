import Glibc

/// Process-wide signal dispositions.
public enum Signals {
  /// SIGPIPE ignored, so a reader that goes away (journald restarted, `| head`) makes the
  /// write fail with EPIPE — which `FileStream` keeps and stops writing on — instead of killing
  /// the process with the tubes lit. Call it first thing in `main`.
  /// The corresponding C function is `signal(SIGPIPE, SIG_IGN)`.
  public static func ignoreBrokenPipes() { _ = signal(SIGPIPE, SIG_IGN) }
}
