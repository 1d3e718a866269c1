import NixieWireDecoders
import Testing

/// exixe modules, decoded from the 16-byte commands the vendor's Arduino library sends
/// (exixe.cpp), each inside its own chip-select, SPI mode 0 at 8 MHz.
struct ExixeDecoderTests {
  /// clear(): header, then EN with brightness 0 for every field.
  static let clear: [UInt8] = [0xAA] + [UInt8](repeating: 0x80, count: 15)
  /// show_digit(4, 127, 0): digits 1–9 and 0 EN at 0 except digit 4 at 127; dots, LED unchanged.
  static let showFour: [UInt8] = [
    0xAA, 0x80, 0x80, 0x80, 0xFF, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0, 0, 0, 0, 0,
  ]
  /// show_digit(0, 50, 1): overdrive header, digit 0 is byte 10.
  static let showZeroOverdriven: [UInt8] =
    [0xAB, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0xB2, 0, 0, 0, 0, 0]
  /// set_led(127, 0, 127): only bytes 13–15 EN.
  static let purple: [UInt8] = [0xAA, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0x80, 0xFF]
  /// set_dots(127, 0).
  static let leftDot: [UInt8] = [0xAA, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0x80, 0, 0, 0]
  /// crossfade_run() half way from 4 to 5 at brightness 127: 4 at 127 − 63, 5 at 63.
  static let halfFade: [UInt8] = [
    0xAA, 0x80, 0x80, 0x80, 0xC0, 0xBF, 0x80, 0x80, 0x80, 0x80, 0x80, 0, 0, 0, 0, 0,
  ]

  /// A trace of (tube, bytes) commands: CS low, the bytes, CS high, 33 ms apart.
  static func trace(tubes: Int, _ commands: [(Int, [UInt8])]) throws -> LogicTrace {
    var wave = VCDBuilder(wires: [("mosi", false), ("sclk", false)] + (0..<tubes).map { ("cs\($0)", true) })
    for (tube, bytes) in commands {
      wave.wait(1_000)
      wave.set("cs\(tube)", false)
      wave.wait(200)
      wave.spi(bytes, mode: 0, halfPeriod: 63)
      wave.set("cs\(tube)", true)
      wave.wait(33_000_000)
    }
    return try LogicTrace(vcd: wave.text)
  }

  @Test func theLibrarysCommandsBuildTheModulesState() throws {
    let bus = try ExixeBus(
      trace: Self.trace(
        tubes: 1, [(0, Self.clear), (0, Self.showFour), (0, Self.purple), (0, Self.leftDot)]),
      tubes: 1)
    var expected = ExixeModule()
    expected.digits[4] = 127
    expected.red = 127
    expected.blue = 127
    expected.leftDot = 127
    #expect(bus.modules == [expected])
    #expect(bus.events.map(\.module.litDigits) == [[], [4], [4], [4]])
  }

  @Test func eachChipSelectAddressesItsOwnTube() throws {
    let bus = try ExixeBus(
      trace: Self.trace(tubes: 3, [(2, Self.showFour), (0, Self.showZeroOverdriven), (1, Self.halfFade)]),
      tubes: 3)
    #expect(bus.modules.map(\.litDigits) == [[0], [4, 5], [4]])
    #expect(bus.modules[0].digits[0] == 50)
    #expect(bus.modules[0].overdrive)
    #expect(bus.modules[1].digits[4] == 64)
    #expect(bus.modules[1].digits[5] == 63)
    #expect(bus.events.map(\.tube) == [2, 0, 1])
  }

  @Test func fieldsWithoutTheirENBitKeepTheirValue() throws {
    let command = try #require(try ExixeCommand(bytes: Self.purple))
    #expect(command.updates == [.red: 127, .green: 0, .blue: 127])
    #expect(!command.overdrive)
  }

  @Test func anInvalidHeaderResetsTheModule() throws {
    let bad: [UInt8] = [0x55] + [UInt8](repeating: 0xFF, count: 15)
    let bus = try ExixeBus(trace: Self.trace(tubes: 1, [(0, Self.showFour), (0, bad)]), tubes: 1)
    #expect(bus.events.map { $0.command == nil } == [false, true])
    #expect(bus.modules == [ExixeModule()])
  }

  @Test func aCommandOfTheWrongLengthIsRefused() throws {
    let trace = try Self.trace(tubes: 1, [(0, Array(Self.showFour.prefix(15)))])
    #expect(throws: WireDecodeError(time: 1_000, "cs0 framed 120 bits; an exixe command is 128 (16 bytes)")) {
      try ExixeBus(trace: trace, tubes: 1)
    }
  }
}
