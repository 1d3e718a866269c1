import NixieDrivers
import NixieSystem

/// A file a session records into (`--trace`, `--frames-log`), flushed after every frame that
/// reaches the tubes — so SIGTERM or a crash loses at most the frame being written — and
/// watched for a failed write, which is reported once and then leaves the file alone.
final class RecordingFile: FrameObserver {
  /// The option that named it, for messages.
  let option: String
  let stream: FileStream
  private let onFailure: (String) -> Void
  private var reported = false

  init(option: String, stream: FileStream, onFailure: @escaping (String) -> Void) {
    self.option = option
    self.stream = stream
    self.onFailure = onFailure
  }

  /// The failure as a message, if a write failed.
  var failureMessage: String? { stream.failure.map { "\(option): \($0)" } }

  func frameShown(_ frame: LatchedFrame) { flush() }

  /// Writes what is buffered and reports the first failure.
  func flush() {
    stream.flush()
    guard !reported, let message = failureMessage else { return }
    reported = true
    onFailure(message + " (nothing more is written to it)")
  }
}
