import NixieBoardModel
import NixieTransitions
import NixieWireDecoders
import Testing

/// exixe-14 modules on the wire: one 16-byte command per chip-select, read by the decoder of
/// the modules' firmware (header, apply bits, 128 brightness levels). Fades and dimming are the
/// modules' own levels: commands while something changes, none while the display is steady.
struct ExixeWireTests {
  /// Each module's state at `time`: the state after its last command at or before it.
  static func modules(_ bus: ExixeBus, at time: UInt64) -> [ExixeModule] {
    (0..<6).map { tube in bus.events.last { $0.tube == tube && $0.time <= time }?.module ?? ExixeModule() }
  }

  static let table: [(value: String, digits: [[Int]])] = [
    ("123456", [[1], [2], [3], [4], [5], [6]]),
    ("000000", [[0], [0], [0], [0], [0], [0]]),
    ("987", [[], [], [], [9], [8], [7]]),
    ("1 2 3 ", [[1], [], [2], [], [3], []]),
    ("", [[], [], [], [], [], []]),
  ]

  @Test func everyValueOfTheTableReadsAsTheModulesShowIt() throws {
    let rig = try WireRig("exixe-14")
    let checkpoints = try rig.showEach(Self.table.map(\.value))
    let bus = try ExixeBus(trace: try rig.logicTrace(), tubes: 6)
    for ((value, digits), time) in zip(Self.table, checkpoints) {
      let modules = Self.modules(bus, at: time)
      #expect(modules.map(\.litDigits) == digits, "'\(value)'")
      for (module, lit) in zip(modules, digits) {
        for digit in lit { #expect(module.digits[digit] == 127, "'\(value)' full brightness") }
        #expect(module.leftDot == 0 && module.rightDot == 0)
        #expect(!module.overdrive)
      }
    }
    #expect(bus.events.allSatisfy { $0.command != nil })
    #expect(rig.sim.display.violations.isEmpty)
  }

  @Test func aDecimalPointLightsOneDotOfTheRightModule() throws {
    let rig = try WireRig("exixe-14")
    try rig.show("12.34")
    let modules = Self.modules(try ExixeBus(trace: try rig.logicTrace(), tubes: 6), at: .max)
    #expect(modules.map(\.litDigits) == [[], [], [1], [2], [3], [4]])
    let dots = modules.enumerated().flatMap { index, module in
      [(index, "ldp", module.leftDot), (index, "rdp", module.rightDot)].filter { $0.2 > 0 }
    }
    #expect(dots.count == 1)
    #expect(dots.allSatisfy { ($0.0 == 3 && $0.1 == "rdp") || ($0.0 == 4 && $0.1 == "ldp") }, "\(dots)")
  }

  @Test func aCrossFadeIsTheModulesOwnLevelsStepByStep() throws {
    let rig = try WireRig("exixe-14")
    try rig.show("111111")
    let start = rig.clock.now()
    let end = try rig.show(
      "222222", transition: TransitionSpec(.crossfade, duration: 500_000_000, curve: .linear))
    let bus = try ExixeBus(trace: try rig.logicTrace(), tubes: 6)
    let fade = bus.events.filter { $0.tube == 0 && $0.time + rig.origin > start }
    // A command every 20 ms or so: about 25 steps, each a small change of level.
    #expect((24...27).contains(fade.count), "\(fade.count) steps")
    let ones = fade.map { $0.module.digits[1] }
    let twos = fade.map { $0.module.digits[2] }
    #expect(zip(ones, ones.dropFirst()).allSatisfy { $0 >= $1 }, "\(ones)")
    #expect(zip(twos, twos.dropFirst()).allSatisfy { $0 <= $1 }, "\(twos)")
    #expect(zip(twos, twos.dropFirst()).allSatisfy { $1 - $0 <= 8 }, "\(twos)")
    #expect(ones.last == 0 && twos.last == 127)
    // Both digits lit at once mid-fade, as the vendor's crossfade_run does: no PWM frames.
    #expect(fade.contains { $0.module.digits[1] > 20 && $0.module.digits[2] > 20 })
    // Nothing is sent once the fade is over.
    #expect(bus.events.allSatisfy { $0.time + rig.origin <= end + 1_000_000 })
  }

  @Test func dimmingScalesTheLevelsAndSendsOnce() throws {
    let rig = try WireRig("exixe-14")
    try rig.show("123456")
    try rig.setBrightness(0.5, for: 100_000_000)
    let bus = try ExixeBus(trace: try rig.logicTrace(), tubes: 6)
    let modules = Self.modules(bus, at: .max)
    #expect(modules.enumerated().allSatisfy { $1.digits[$0 + 1] == 64 })
    // Six commands clear the modules at start, six show the value, six dim it: nothing else.
    #expect(bus.events.count == 18)
  }

  @Test func theBacklightIsTheModulesLEDBytes() throws {
    let rig = try WireRig("exixe-14")
    try rig.show("123456")
    try rig.sim.driver.setBacklight(BacklightColor(rgb: 0xFF8000))
    let modules = Self.modules(try ExixeBus(trace: try rig.logicTrace(), tubes: 6), at: .max)
    #expect(modules.allSatisfy { $0.red == 127 && $0.green == 64 && $0.blue == 0 })
    #expect(modules.map(\.litDigits) == [[1], [2], [3], [4], [5], [6]])
  }
}
