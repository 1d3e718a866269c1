import NixieBackend
import NixieCore

/// Makes the backend a command brings its board up on, from the user's `BoardChoice` — the
/// pin factory of gpiozero, injected: the command line's (`HostBackends`: the host's devices
/// or the simulator, by the choice's rule) or a test's own. The jobs (`ShowJob`,
/// `SelectionJob`, `TestPatternJob`, the benchmarks, the clock's `ClockJob`) take one and ask it
/// once they know the board, so a refusal or a notice comes where it always came among their
/// messages; none of them knows a backend by name.
public protocol BackendFactory {
  /// The backend for `choice`, with a notice for the user when there is one (the simulator
  /// runs because no board was chosen); a choice that cannot run is bad usage (or bad
  /// configuration, an input script with a mistake).
  func backend(for choice: BoardChoice) throws(NixieError) -> (backend: any BoardBackend, notice: String?)
}
