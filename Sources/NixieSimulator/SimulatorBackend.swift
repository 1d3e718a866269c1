import NixieBackend
import NixieBoardModel
import NixieCore
import NixieInput
import NixieSystem

/// The chips in software as a backend (`--backend sim`): each board opened as a
/// `SimulatedBoard`, its knob or buttons played from an input script (`--input`), a scripted
/// run nobody watches in virtual time.
public struct SimulatorBackend: BoardBackend {
  /// The script the knob or the buttons play; nil: nobody touches them.
  public var input: InputScript?
  /// How long each frame write takes, in nanoseconds (`--sim-write-time`); 0: no longer than
  /// the models take.
  public var writeTime: UInt64

  public init(input: InputScript? = nil, writeTime: UInt64 = 0) {
    self.input = input
    self.writeTime = writeTime
  }

  public func open(_ profile: BoardProfile, clock: MonotonicClock) throws(NixieError) -> any OpenBoard {
    do {
      return try SimulatedBoard(board: profile, clock: clock, input: input, writeTime: writeTime)
    } catch {
      throw NixieError(.unavailable, "--backend sim cannot run \(profile.name): \(error)")
    }
  }

  public var missingInput: String? {
    input == nil ? "the simulator's knob needs --input FILE: a script of knob turns and presses" : nil
  }

  /// Virtual time when unpaced: a manual clock from now that jumps to each event.
  public func clock(unpaced: Bool) -> MonotonicClock {
    unpaced ? ManualClock(start: SystemClock().now()) : SystemClock()
  }
}
