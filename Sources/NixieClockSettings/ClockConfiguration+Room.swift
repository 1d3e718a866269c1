import NixieBoardModel
import NixieCore
import NixieRoom

extension ClockConfiguration {
  /// `brightness: auto`: the tubes as bright as the room's light asks, read from a light
  /// sensor through the kernel's IIO subsystem. The fixed `brightness` is the fallback while
  /// the sensor cannot be read or reads nonsense.
  public struct Light: Hashable, Sendable {
    public var sensor = LightSensorChoice.first
    public var curve = LightCurve.standard
    /// How often the sensor is read (`sampleSecondsRange`).
    public var sampleSeconds = 5

    public init() {}

    /// A sample every 1 to 60 seconds.
    public static let sampleSecondsRange = 1...60

    /// The settings the schedule's `AutoBrightness` runs with, `fallback` the fixed brightness (0…1).
    public func settings(fallback: Double) -> AutoBrightness.Settings {
      AutoBrightness.Settings(curve: curve, fallbackPercent: Int((fallback * 100).rounded()))
    }
  }

  /// `presence`: the tubes dark after `offAfterSeconds` without anyone seen on the presence
  /// line (nixie.yaml's `line`, else the board profile's).
  public struct Presence: Hashable, Sendable {
    /// The line's offset, when nixie.yaml gives one; nil: the board profile's presence line.
    public var line: UInt32?
    /// Its gpiochip; nil: the board's (`gpio.chip`, else the Raspberry Pi's header).
    public var chip: String?
    /// Active high (a PIR module), false: low (a button to ground); nil: the board's, else high.
    public var activeHigh: Bool?
    /// Ask for a pull-up; nil: the board's, else none.
    public var pullUp: Bool?
    public var offAfterSeconds = 600
    /// Where `presence` was written; nil from the command line or a test.
    public var origin: Origin?

    public init() {}

    /// From a second to a day.
    public static let offAfterRange = 1...86_400
  }

  /// The presence line for `board`: nixie.yaml's `presence.line`, else the one the board's
  /// profile declares; nil when `presence` is not set. Bad configuration when neither gives a
  /// line, the line is one the board already uses, or the Raspberry Pi's header has no such
  /// line (a line beyond another chip's is found when the hardware opens it).
  public func presenceWiring(for board: BoardProfile) throws(NixieError) -> PresenceWiring? {
    guard let presence else { return nil }
    let declared = board.presence
    func problem(_ message: String) -> NixieError {
      NixieError(.badConfiguration, presence.origin?.describe(message) ?? message)
    }
    var wiring: PresenceWiring
    if let line = presence.line {
      let chip = presence.chip ?? board.gpio?.chip ?? GPIOWiring.raspberryPiHeader
      wiring = PresenceWiring(chip: chip, line: line)
      if let declared, declared.chip == chip, declared.line == line { wiring = declared }
    } else if let declared {
      wiring = declared
    } else {
      throw problem("presence needs a line: \(board.name) declares none (presence: {line: N})")
    }
    let header = GPIOWiring.raspberryPiHeaderLines
    if wiring.chip == GPIOWiring.raspberryPiHeader, !header.contains(wiring.line) {
      throw problem(
        "presence.line \(wiring.line): the Raspberry Pi's header has GPIO lines \(header.lowerBound) to"
          + " \(header.upperBound)")
    }
    if let activeHigh = presence.activeHigh { wiring.activeHigh = activeHigh }
    if let pullUp = presence.pullUp { wiring.pullUp = pullUp }
    if let role = Self.role(on: board, chip: wiring.chip, line: wiring.line), role != .presence {
      throw problem("presence.line \(wiring.line) is \(board.name)'s \(role.name) line")
    }
    return wiring
  }

  /// The role `board` gives line `line` of `chip`, if any.
  private static func role(on board: BoardProfile, chip: String, line: UInt32) -> LineRole? {
    var used: [(String, LineRole, UInt32)] = []
    if let gpio = board.gpio { used += gpio.lines.map { (gpio.chip, $0.key, $0.value) } }
    if let encoder = board.encoder {
      used += [(encoder.chip, .a, encoder.a), (encoder.chip, .b, encoder.b)]
      if let pushSwitch = encoder.pushSwitch { used.append((encoder.chip, .sw, pushSwitch)) }
    }
    used += board.buttons.map { ($0.chip, $0.role, $0.line) }
    if let buzzer = board.buzzer { used.append((buzzer.chip, .buzzer, buzzer.line)) }
    if let variant = board.variant { used.append((variant.chip, .detect, variant.line)) }
    if case .pwmRGB(let rgb) = board.backlight { used += rgb.lines.map { (rgb.chip, $0.key, $0.value) } }
    return used.first { $0.0 == chip && $0.2 == line }?.1
  }
}
