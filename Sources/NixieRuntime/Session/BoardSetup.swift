import NixieBackend
import NixieCore

/// What a one-shot command that drives a board is given besides what it shows: the board and
/// backend the user chose (`--board`, `--backend`, `--input`), what makes the backend (the
/// command line's `HostBackends`, or a test's own), and the files the session records into.
public struct BoardSetup {
  public var choice: BoardChoice
  public var backends: any BackendFactory
  public var recording: SessionRecording

  public init(
    choice: BoardChoice, backends: any BackendFactory, recording: SessionRecording = SessionRecording()
  ) {
    self.choice = choice
    self.backends = backends
    self.recording = recording
  }

  /// The backend for the choice, with its notice for the user.
  public func backend() throws(NixieError) -> (backend: any BoardBackend, notice: String?) {
    try backends.backend(for: choice)
  }
}
