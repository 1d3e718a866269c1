import Foundation
import NixieCore
import NixieLinux
import NixieRuntime
import NixieSimulator
import Testing

@testable import NixieCLI

/// The command line's backends: what `BoardChoice`'s rule decides is what is made — the
/// host's devices under the consumer given, or the simulator with the `--input` script.
struct HostBackendsTests {
  static func backends(gpio: Bool) -> HostBackends {
    var backends = HostBackends()
    backends.machineHasGPIO = { gpio }
    return backends
  }

  /// The simulator without a script says what it needs before it reads a knob; the hardware
  /// needs nothing.
  @Test func theSimulatorWithoutAScriptSaysItNeedsOne() throws {
    let simulator = try Self.backends(gpio: false).backend(for: BoardChoice(backend: .sim)).backend
    #expect(simulator is SimulatorBackend)
    #expect(simulator.missingInput?.contains("needs --input FILE") == true)
    let hardware = try Self.backends(gpio: false).backend(
      for: BoardChoice(board: "hv5622-6xin14", backend: .hardware)
    ).backend
    #expect(hardware.missingInput == nil)
  }

  @Test func theHardwareHoldsItsLinesAsTheConsumerGiven() throws {
    var backends = Self.backends(gpio: true)
    backends.consumer = "nixie-bench"
    backends.missingDeviceHint = nil
    let made = try backends.backend(for: BoardChoice(board: "hv5622-6xin14")).backend
    let linux = try #require(made as? LinuxBackend)
    #expect(linux.consumer == "nixie-bench")
    #expect(linux.missingDeviceHint == nil)
    #expect(HostBackends().missingDeviceHint == "no hardware at hand? --backend sim runs the simulator")
  }

  /// The script is read when the backend is made: it plays on the simulator, so the knob
  /// needs nothing more.
  @Test func anInputScriptIsPlayedOnTheSimulator() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("knob-\(UUID()).txt").path
    try "0 cw 1\n".write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let made = try Self.backends(gpio: true).backend(for: BoardChoice(board: "hv5622-6xin14", input: path))
    #expect(made.backend is SimulatorBackend)
    #expect(made.backend.missingInput == nil)
    #expect(made.notice == nil)
  }

  @Test func withoutABoardOnAMachineWithGPIOTheSimulatorRunsWithANotice() throws {
    let made = try Self.backends(gpio: true).backend(for: BoardChoice())
    #expect(made.backend is SimulatorBackend)
    #expect(made.notice?.hasPrefix("no board chosen, so no GPIO line is touched") == true)
  }

  @Test func aScriptThatCannotBeReadIsBadUsage() {
    #expect {
      _ = try Self.backends(gpio: false).backend(
        for: BoardChoice(backend: .sim, input: "/nonexistent/knob.txt"))
    } throws: { error in
      (error as? NixieError)?.kind == .badUsage
    }
  }
}
