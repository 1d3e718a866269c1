import NixieBoards
import NixieClock
import NixieClockSettings
import NixieWireDecoders
import Testing

/// The clock drives the backlight as nixie.yaml says, read back from the simulator's wire by
/// decoders written from the vendors' protocols: on the NCS314 the share of each period the
/// red, green and blue lines are high (the vendor's softPwm at 100 Hz), on exixe-14 the LED
/// bytes 13–15 of each module's command (dekuNukem's protocol, `ExixeBus`). The night turns it
/// off (or dims it) with the tubes and the morning brings it back.
struct BacklightOnTheWireTests {
  static let second: Int64 = 1_000_000_000
  /// 2026-06-01 12:00:00 UTC.
  static let noon: Int64 = 1_780_315_200 * second

  /// The clock for `yaml` (after `board:`, `timezone: UTC` and `transition: none`, so the trace
  /// holds one frame a second) from `start`, for `seconds`.
  static func rig(_ board: String, _ yaml: String, start: Int64 = noon, seconds: Double) throws -> WireRig {
    let text = "board: \(board)\ntimezone: UTC\ntransition: none\n" + yaml
    let configuration = try ClockConfiguration.parse(bytes: Array(text.utf8), file: "nixie.yaml")
    let profile = try BoardCatalog.load(.builtIn(board))
    return try WireRig(
      planner: try configuration.planner(for: profile), board: profile, start: start, seconds: seconds,
      traced: true)
  }

  /// Each channel's duty over `[from, to)` (monotonic ns), measured on the trace.
  static func duties(_ trace: LogicTrace, from: UInt64, to: UInt64) throws -> [PWMMeasurement] {
    try [WireNames.red, WireNames.green, WireNames.blue].map { wire throws in
      try PWMMeasurement(trace: trace, wire: wire, activeHigh: true, from: from, to: to)
    }
  }

  /// Colours and their channels' share of full (value / 255): the duty each line must have.
  static let colours: [(yaml: String, rgb: [Int])] = [
    ("\"#804020\"", [0x80, 0x40, 0x20]), ("\"#ff8000\"", [255, 128, 0]), ("\"#0a64c8\"", [10, 100, 200]),
    ("amber", [255, 191, 0]), ("warm-white", [255, 176, 112]), ("\"#ffffff\"", [255, 255, 255]),
    ("off", [0, 0, 0]),
  ]

  @Test(arguments: colours)
  func theNCS314sLinesCarryTheColourAsSoftPWM(_ yaml: String, _ rgb: [Int]) throws {
    let rig = try Self.rig("ncs314", "backlight: \(yaml)\n", seconds: 1)
    try rig.run()
    let trace = try rig.logicTrace()
    let from = rig.startMono + 300_000_000
    let measured = try Self.duties(trace, from: from, to: from + 500_000_000)
    for (measurement, value) in zip(measured, rgb) {
      // 100 steps a period: within half a step of value / 255.
      #expect(abs(measurement.duty - Double(value) / 255) <= 0.0051, "\(yaml): \(measured.map(\.duty))")
      // A partial duty rises once every 10 ms: the vendor's 100 Hz.
      if value > 0 && value < 255 {
        #expect(measurement.periods.allSatisfy { (9_990_000...10_010_000).contains($0) }, "\(yaml)")
        #expect(measurement.periods.count >= 48)
      }
    }
    // The simulator's own reading of the wire (the terminal view's tint) agrees.
    let seen = try #require(rig.simulated.backlight).color(at: from + 400_000_000)
    for (channel, value) in zip(seen.channels, rgb) { #expect(abs(channel - Double(value) / 255) <= 0.011) }
    // At exit the lines go dark.
    for wire in [WireNames.red, WireNames.green, WireNames.blue] {
      let line = try trace.wire(wire)
      #expect(trace.level(of: line, at: .max) == false)
    }
  }

  /// A dark night turns the light off at its start and the morning back on; a dim one dims it
  /// by the night's brightness; `night: off` darkens it even when the tubes only dim.
  @Test(arguments: [
    ("night: {from: \"22:00\", until: \"07:00\", mode: dark}\nbacklight: \"#808080\"\n", 22, 0.502, 0.0),
    ("night: {from: \"22:00\", until: \"07:00\", mode: dark}\nbacklight: \"#808080\"\n", 7, 0.0, 0.502),
    ("night: {from: \"22:00\", until: \"07:00\", brightness: 50}\nbacklight: \"#808080\"\n", 22, 0.502, 0.25),
    (
      "night: {from: \"22:00\", until: \"07:00\", brightness: 50}\nbacklight: {colour: \"#808080\", night: off}\n",
      22, 0.502, 0.0
    ),
    (
      "night: {from: \"22:00\", until: \"07:00\", mode: dark}\nbacklight: {colour: \"#808080\", night: on}\n",
      22,
      0.502, 0.502
    ),
  ])
  func theNightSchedulesTheLightWithTheTubes(_ yaml: String, _ hour: Int, _ before: Double, _ after: Double)
    throws
  {
    // From two seconds before the hour to two after.
    let midnight = Self.noon - 12 * 3600 * Self.second
    let rig = try Self.rig(
      "ncs314", yaml, start: midnight + Int64(hour) * 3600 * Self.second - 2 * Self.second, seconds: 4)
    try rig.run()
    let trace = try rig.logicTrace()
    let hourMono = rig.startMono + 2_000_000_000
    let early = try Self.duties(trace, from: hourMono - 1_500_000_000, to: hourMono - 500_000_000)
    let late = try Self.duties(trace, from: hourMono + 500_000_000, to: hourMono + 1_500_000_000)
    for measurement in early { #expect(abs(measurement.duty - before) <= 0.0051, "\(yaml) before") }
    for measurement in late { #expect(abs(measurement.duty - after) <= 0.0051, "\(yaml) after") }
  }

  /// Each module's state at `time` (monotonic): after its last command at or before it.
  static func modules(_ bus: ExixeBus, at time: UInt64) -> [ExixeModule] {
    (0..<6).map { tube in bus.events.last { $0.tube == tube && $0.time <= time }?.module ?? ExixeModule() }
  }

  @Test func exixeModulesCarryTheColourInTheirLEDBytes() throws {
    let rig = try Self.rig("exixe-14", "backlight: \"#ff8000\"\n", seconds: 1)
    try rig.run()
    let bus = try ExixeBus(trace: try rig.logicTrace(), tubes: 6)
    // 128 / 255 of the modules' 127 levels is 63.75: 64.
    let lit = Self.modules(bus, at: rig.startMono + 500_000_000)
    #expect(lit.allSatisfy { [$0.red, $0.green, $0.blue] == [127, 64, 0] }, "\(lit)")
    // The clock's exit blanks the modules, LEDs included.
    #expect(Self.modules(bus, at: .max).allSatisfy { [$0.red, $0.green, $0.blue] == [0, 0, 0] })
  }

  /// The cycle on exixe: one turn every 12 s, red at each multiple of 12 s of the clock's
  /// monotonic time, yellow 2 s later, green at 4 s, cyan at 6 s, blue at 8 s, magenta at 10 s.
  @Test func exixeModulesWalkTheColourWheel() throws {
    let rig = try Self.rig("exixe-14", "backlight: {colour: cycle, cycle-seconds: 12}\n", seconds: 13)
    try rig.run()
    let bus = try ExixeBus(trace: try rig.logicTrace(), tubes: 6)
    let expected: [(seconds: UInt64, rgb: [Int])] = [
      (2, [127, 127, 0]), (3, [64, 127, 0]), (4, [0, 127, 0]), (6, [0, 127, 127]), (8, [0, 0, 127]),
      (10, [127, 0, 127]), (12, [127, 0, 0]), (13, [127, 64, 0]),
    ]
    for (seconds, rgb) in expected {
      // Just after the instant: the sample taken at it has reached the modules.
      let modules = Self.modules(bus, at: seconds * 1_000_000_000 + 5_000_000)
      #expect(modules.allSatisfy { [$0.red, $0.green, $0.blue] == rgb }, "\(seconds) s: \(modules[0])")
    }
  }
}
