import NixieBackend
import NixieBoardModel
import NixieCore
import NixieSystem

/// The host's devices as a backend (`--backend hardware`): each board opened as a
/// `HardwareBoard` through libgpiod, spidev and i2c-dev, in real time.
public struct LinuxBackend: BoardBackend {
  /// The name `gpioinfo` shows for the lines held.
  public var consumer: String
  /// Said after a failure to open a device that is not there (the command line's way to the
  /// simulator); nil to say nothing more.
  public var missingDeviceHint: String?

  public init(consumer: String = "nixie", missingDeviceHint: String? = nil) {
    self.consumer = consumer
    self.missingDeviceHint = missingDeviceHint
  }

  public func open(_ profile: BoardProfile, clock: MonotonicClock) throws(NixieError) -> any OpenBoard {
    do {
      return try HardwareBoard(board: profile, clock: clock, consumer: consumer)
    } catch {
      let hint = error.isMissingDevice ? missingDeviceHint.map { "; \($0)" } ?? "" : ""
      throw NixieError(.unavailable, error.description + hint)
    }
  }

  public var missingInput: String? { nil }

  public func clock(unpaced: Bool) -> MonotonicClock { SystemClock() }
}
