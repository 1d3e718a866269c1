import NixieBackend
import NixieCore
import NixieLinux
import NixieRuntime
import NixieSimulator

/// The composition root's `BackendFactory`: `BoardChoice`'s rule decides, and this makes the
/// backend — the host's devices through libgpiod, spidev and i2c-dev (`LinuxBackend`), or the
/// simulator playing the `--input` script (`SimulatorBackend`). The one place that knows the
/// backends by name; every command that touches a board is handed one.
struct HostBackends: BackendFactory {
  /// The name `gpioinfo` shows for the lines held.
  var consumer = "nixie"
  /// Said after a failure to open a device that is not there; nil to say nothing more.
  var missingDeviceHint: String? = "no hardware at hand? --backend sim runs the simulator"
  /// Whether the machine has a GPIO chip (the rule's default backend for a chosen board).
  var machineHasGPIO: () -> Bool = { BoardChoice.machineHasGPIO }

  /// The backend by `BoardChoice.resolveBackend`'s rule, with its notice: the host's devices as
  /// `consumer`, or the simulator playing the `--input` script (read here: bad usage when it
  /// cannot be read, bad configuration with its line when it is wrong).
  func backend(for choice: BoardChoice) throws(NixieError) -> (backend: any BoardBackend, notice: String?) {
    let (chosen, notice) = try choice.resolveBackend(machineHasGPIO: machineHasGPIO())
    switch chosen {
    case .hardware:
      return (LinuxBackend(consumer: consumer, missingDeviceHint: missingDeviceHint), notice)
    case .sim:
      let script = try choice.input.map { path throws(NixieError) in try KnobInput.script(at: path) }
      return (SimulatorBackend(input: script, writeTime: choice.simWriteTime ?? 0), notice)
    }
  }
}
