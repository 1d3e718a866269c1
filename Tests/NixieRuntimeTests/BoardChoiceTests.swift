import NixieCore
import NixieRuntime
import Testing

/// Hardware is only driven for a board the user chose: the whole rule, as a table.
struct BoardChoiceTests {
  @Test(arguments: [
    // (board, backend asked, machine has GPIO) → backend, whether a notice says how to choose
    (String?.none, Backend?.none, false, Backend.sim, false),
    (nil, nil, true, .sim, true),
    (nil, .sim, true, .sim, false),
    (nil, .sim, false, .sim, false),
    ("hv5622-6xin14", nil, true, .hardware, false),
    ("hv5622-6xin14", nil, false, .sim, false),
    ("hv5622-6xin14", .sim, true, .sim, false),
    ("hv5622-6xin14", .hardware, false, .hardware, false),
    ("./my-board.yaml", .hardware, true, .hardware, false),
  ])
  func theBackendFollowsTheRule(
    _ board: String?, _ asked: Backend?, _ gpio: Bool, _ expected: Backend, _ notice: Bool
  ) throws {
    let resolved = try BoardChoice(board: board, backend: asked).resolveBackend(machineHasGPIO: gpio)
    #expect(resolved.backend == expected)
    #expect((resolved.notice != nil) == notice)
    if let text = resolved.notice { #expect(text.contains("--board NAME") && text.contains("nixie boards")) }
  }

  static let scripted: [(String?, Backend?, Bool, Backend)] = [
    // (board, backend asked, machine has GPIO) → backend, for a run with an input script
    (nil, nil, true, .sim),
    (nil, .sim, true, .sim),
    ("hv5622-6xin14", nil, true, .sim),
    ("hv5622-6xin14", .sim, false, .sim),
  ]

  /// An input script is played on the simulator: it implies it, with no notice to choose a
  /// board, whatever the machine has.
  @Test(arguments: scripted)
  func anInputScriptImpliesTheSimulator(
    _ board: String?, _ asked: Backend?, _ gpio: Bool, _ expected: Backend
  ) throws {
    let choice = BoardChoice(board: board, backend: asked, input: "knob.txt")
    let resolved = try choice.resolveBackend(machineHasGPIO: gpio)
    #expect(resolved.backend == expected)
    #expect(resolved.notice == nil)
  }

  static let refused: [(String?, String)] = [
    ("hv5622-6xin14", "--input plays a script"), (nil, "none is chosen"),
  ]

  /// With the hardware asked for, a script is refused — after the board, which hardware needs.
  @Test(arguments: refused)
  func anInputScriptOnTheHardwareIsRefused(_ board: String?, _ named: String) {
    let choice = BoardChoice(board: board, backend: .hardware, input: "knob.txt")
    #expect(choice.inputRefusal == "--input plays a script on the simulator: use it with --backend sim")
    #expect {
      _ = try choice.resolveBackend(machineHasGPIO: true)
    } throws: { error in
      let error = error as? NixieError
      return error?.kind == .badUsage && error?.message.contains(named) == true
    }
  }

  /// A write time for the simulator (`--sim-write-time`) is the simulator's as a script is:
  /// it implies it, and is refused with the hardware.
  @Test(arguments: scripted)
  func aSimulatedWriteTimeImpliesTheSimulator(
    _ board: String?, _ asked: Backend?, _ gpio: Bool, _ expected: Backend
  ) throws {
    let choice = BoardChoice(board: board, backend: asked, simWriteTime: 400_000)
    let resolved = try choice.resolveBackend(machineHasGPIO: gpio)
    #expect(resolved.backend == expected)
    #expect(resolved.notice == nil)
    let refused = BoardChoice(board: "hv5622-6xin14", backend: .hardware, simWriteTime: 400_000)
    #expect(
      refused.inputRefusal == "--sim-write-time slows the simulator's writes: use it with --backend sim")
    #expect(throws: NixieError.self) { try refused.resolveBackend(machineHasGPIO: true) }
  }

  @Test(arguments: [false, true])
  func hardwareWithoutAChosenBoardIsRefusedSayingHowToChoose(_ gpio: Bool) {
    let choice = BoardChoice(board: nil, backend: .hardware, howToChoose: "--board NAME or board: in x.yaml")
    #expect {
      _ = try choice.resolveBackend(machineHasGPIO: gpio)
    } throws: { error in
      let error = error as? NixieError
      return error?.kind == .badUsage && error?.message.contains("--board NAME or board: in x.yaml") == true
    }
  }

  @Test func aMistypedBoardNameSuggestsTheBuiltInOne() {
    #expect {
      _ = try BoardChoice(board: "hv5622-6xin4").loadProfile()
    } throws: { error in
      let error = error as? NixieError
      return error?.kind == .badUsage
        && error?.message.hasPrefix("--board hv5622-6xin4: no built-in board of that name and no such file")
          == true
        && error?.message.contains("did you mean hv5622-6xin14?") == true
    }
  }

  @Test func anUnknownBoardInAFileIsBlamedOnItsPlace() {
    let choice = BoardChoice(board: "pcf8574", origin: .file(place: "/etc/nixie/nixie.yaml:3:8"))
    #expect {
      _ = try choice.loadProfile()
    } throws: { error in
      let error = error as? NixieError
      return error?.kind == .badConfiguration
        && error?.message.hasPrefix("/etc/nixie/nixie.yaml:3:8: board 'pcf8574': no built-in board") == true
    }
  }
}
