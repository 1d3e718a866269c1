import NixieBoardModel
import NixieCore

/// What a command runs a board on — the host's devices (`LinuxBackend`) or the chips in
/// software (`SimulatorBackend`) — decided once, where the command line's `--backend` is read
/// (`BoardChoice`). Everything that differs between the two is here or on the `OpenBoard` it
/// opens, so nothing else asks which backend it runs on.
public protocol BoardBackend {
  /// Opens `profile`'s transports and builds its driver, timed by `clock`. A failure is the
  /// user's to act on (hardware unavailable), in words that say what to do.
  func open(_ profile: BoardProfile, clock: MonotonicClock) throws(NixieError) -> any OpenBoard

  /// What this backend needs before it can read a board's knob, in the user's words (the
  /// simulator without an input script); nil when it reads one as it is.
  var missingInput: String? { get }

  /// The clock a run goes by. One that nobody watches and nothing outside waits on (`unpaced`:
  /// a scripted `nixie select` or a `nixie buzz` without a terminal, NixieRuntime's
  /// `CommandClock`) may go by virtual time where the backend has it, so a script plays at
  /// once (the simulator); real hardware keeps real time.
  func clock(unpaced: Bool) -> MonotonicClock
}
