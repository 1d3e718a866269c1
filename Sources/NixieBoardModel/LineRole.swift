/// What a host GPIO line does on a board; the names are those of the VCD trace (docs/INTERFACE.md,
/// docs/BOARDS.md "Trace wire names").
public enum LineRole: Int, CaseIterable, Hashable, Sendable, Comparable {
  /// Shift-register data in (a bit-banged HV5622 chain; the reference board over SPI).
  case din
  /// Shift-register clock.
  case clk
  /// Shift-register latch enable.
  case le
  /// Shift-register blanking (active low).
  case bl
  /// Rotary encoder contact A.
  case a
  /// Rotary encoder contact B.
  case b
  /// Rotary encoder push switch.
  case sw
  /// SPI data from the host, on boards whose latch or selects are lines of their own.
  case mosi
  /// SPI clock from the host.
  case sclk
  /// Per-module chip-selects (exixe), active low, `cs0` the leftmost tube.
  case cs0, cs1, cs2, cs3, cs4, cs5, cs6, cs7
  /// 74HC595 serial data.
  case data
  /// 74HC595 shift clock.
  case shcp
  /// 74HC595 storage (latch) clock.
  case stcp
  /// 74HC595 output enable, active low: the dimmer.
  case oe
  /// A line that switches the tubes on: the HV57708's /BL (NCS314 HW 3.x SHDN) or a board's
  /// high-voltage supply (Omnixie ON/OFF); high = on.
  case hven
  /// The board-variant input read once at start (NCS314 R5222: low = HV5222 fitted).
  case detect
  /// A colon driven by a line of its own (Omnixie), high = lit.
  case colon
  /// Backlight channels.
  case red, green, blue
  /// Addressable backlight data.
  case pixels
  /// Board buttons.
  case mode, up, down
  /// The buzzer.
  case buzzer
  /// Someone in the room: a PIR module's output or a button (`PresenceWiring`).
  case presence

  /// The lower-case name used in profiles and traces.
  public var name: String { Self.names[rawValue] }

  public init?(name: String) {
    guard let role = Self.byName[name] else { return nil }
    self = role
  }

  /// The names by raw value: the case names, read by reflection once, not at every lookup (a
  /// profile has dozens of line names; under a sanitizer each reflection was slow enough to
  /// time a fuzzer's first input out).
  private static let names = allCases.map { String(describing: $0) }
  private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { (String(describing: $0), $0) })

  /// The chip-select of module `index` (0-based), if there is a role for it.
  public static func select(_ index: Int) -> LineRole? {
    let selects: [LineRole] = [.cs0, .cs1, .cs2, .cs3, .cs4, .cs5, .cs6, .cs7]
    return selects.indices.contains(index) ? selects[index] : nil
  }

  /// The most modules a board can select one by one.
  public static let maximumSelects = 8

  public static func < (lhs: LineRole, rhs: LineRole) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A set of board lines, or their levels (bit set = high), in one word.
///
/// A multi-line write is a pair of these: which lines it touches and the levels it sets.
public struct LineSet: OptionSet, Hashable, Sendable {
  public let rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  public init(_ roles: [LineRole]) {
    self.init(rawValue: roles.reduce(0) { $0 | 1 << UInt64($1.rawValue) })
  }

  public static func role(_ role: LineRole) -> LineSet { LineSet(rawValue: 1 << UInt64(role.rawValue)) }

  public static let din = role(.din)
  public static let clk = role(.clk)
  public static let le = role(.le)
  public static let bl = role(.bl)
  public static let a = role(.a)
  public static let b = role(.b)
  public static let sw = role(.sw)

  public func contains(_ role: LineRole) -> Bool { contains(.role(role)) }

  /// The roles in the set, in `LineRole` order.
  public var roles: [LineRole] { LineRole.allCases.filter(contains) }
}
