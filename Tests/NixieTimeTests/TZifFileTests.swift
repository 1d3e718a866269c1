import NixieTestSupport
import NixieTime
import Testing

/// TZif parsing (RFC 8536): each version, each field checked, and damaged files as typed errors.
struct TZifFileTests {
  /// A Berlin-like zone: CET, CEST from a 1980 instant, the EU rule after.
  static var berlinLike: TZifBuilder {
    var builder = TZifBuilder()
    builder.transitions = [323_830_800, 338_950_800]
    builder.transitionTypes = [1, 0]
    builder.types = [(3600, 0, 0), (7200, 1, 4)]
    builder.abbreviations = Array("CET\0CEST\0".utf8)
    builder.footer = "CET-1CEST,M3.5.0,M10.5.0/3"
    return builder
  }

  @Test(arguments: [UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4")])
  func readsVersionsTwoToFourWithTheirFooter(_ version: UInt8) throws {
    var builder = Self.berlinLike
    builder.version = version
    builder.standardIndicators = [0, 0]
    builder.utIndicators = [0, 0]
    let file = try TZifFile(parsing: builder.bytes(), name: "test")
    #expect(file.version == Int(version - UInt8(ascii: "0")))
    #expect(file.transitions == [323_830_800, 338_950_800])
    #expect(file.types[1] == LocalTimeType(secondsFromUTC: 7200, isDST: true, abbreviation: "CEST"))
    #expect(file.rule?.daylight?.type.abbreviation == "CEST")
    let zone = ZoneCalendar(identifier: "Test/Berlin", file: file)
    #expect(zone.local(323_830_800).description == "1980-04-06 03:00:00")
    #expect(zone.type(at: 2_216_250_000).abbreviation == "CEST")  // 2040, from the footer
  }

  @Test func readsVersionOneWithThirtyTwoBitTimesAndNoFooter() throws {
    var builder = Self.berlinLike
    builder.version = 0
    let file = try TZifFile(parsing: builder.bytes(), name: "test")
    #expect(file.version == 1)
    #expect(file.transitions == [323_830_800, 338_950_800])
    #expect(file.rule == nil)
    #expect(ZoneCalendar(identifier: "old", file: file).type(at: 2_216_250_000).abbreviation == "CET")
  }

  @Test func anEmptyFooterMeansTheLastTypeForEver() throws {
    var builder = Self.berlinLike
    builder.footer = ""
    let zone = ZoneCalendar(identifier: "x", file: try TZifFile(parsing: builder.bytes(), name: "x"))
    #expect(zone.type(at: Int64.max).abbreviation == "CET")
    #expect(zone.type(at: Int64.min).abbreviation == "CET")
  }

  @Test func noTransitionsMeansTheFooterForEveryInstant() throws {
    var builder = Self.berlinLike
    builder.transitions = []
    builder.transitionTypes = []
    let zone = ZoneCalendar(identifier: "x", file: try TZifFile(parsing: builder.bytes(), name: "x"))
    #expect(zone.type(at: 1_784_000_000).abbreviation == "CEST")  // July 2026
    #expect(zone.type(at: -2_017_000_000).abbreviation == "CET")  // January 1906, the rule all the same
  }

  struct Damage: CustomTestStringConvertible, Sendable {
    var name: String
    var expected: ZoneError.Reason
    var change: @Sendable (inout TZifBuilder) -> Void
    var testDescription: String { name }
  }

  /// Byte offsets in the builder's file: the version 1 block ends at 51, the second header at
  /// 95; then the two transitions (95, 103), their types (111, 112), the two type records (113,
  /// 119), the abbreviations (125) and the footer's newline (134).
  static let damages: [Damage] = [
    .init(name: "unknown version", expected: .unsupportedFile) { $0.version = UInt8(ascii: "5") },
    .init(name: "transitions out of order", expected: .malformedFile(byteOffset: 103)) {
      $0.transitions = [338_950_800, 323_830_800]
    },
    .init(name: "type index past the types", expected: .malformedFile(byteOffset: 112)) {
      $0.transitionTypes = [1, 2]
    },
    .init(name: "offset beyond 26 hours", expected: .malformedFile(byteOffset: 113)) {
      $0.types[0].0 = 26 * 3600 + 1
    },
    .init(name: "offset of -2^31", expected: .malformedFile(byteOffset: 113)) { $0.types[0].0 = Int32.min },
    .init(name: "DST flag 2", expected: .malformedFile(byteOffset: 117)) { $0.types[0].1 = 2 },
    .init(name: "abbreviation index past the end", expected: .malformedFile(byteOffset: 124)) {
      $0.types[1].2 = 9
    },
    .init(name: "abbreviation without NUL", expected: .malformedFile(byteOffset: 129)) {
      $0.abbreviations = Array("CET\0CEST".utf8)
    },
    .init(name: "escape in abbreviation", expected: .malformedFile(byteOffset: 129)) {
      $0.abbreviations = Array("CET\0C\u{1B}ST\0".utf8)
    },
    .init(name: "indicator count neither 0 nor the type count", expected: .malformedFile(byteOffset: 95)) {
      $0.standardIndicators = [0]
    },
    .init(name: "indicator 2", expected: .malformedFile(byteOffset: 135)) {
      $0.standardIndicators = [0, 2]
    },
    .init(name: "no types", expected: .malformedFile(byteOffset: 95)) {
      $0.types = []
      $0.transitions = []
      $0.transitionTypes = []
    },
    .init(name: "leap seconds (a right/ zone)", expected: .unsupportedFile) {
      $0.leapSeconds = [(78_796_800, 1)]
    },
    .init(name: "footer that is not a rule", expected: .malformedFile(byteOffset: 135)) {
      $0.footer = "CET-1CEST,M13.5.0,M10.5.0/3"
    },
    .init(name: "footer with a control character", expected: .malformedFile(byteOffset: 135)) {
      $0.footer = "CET-1\u{7}"
    },
    .init(name: "counts promising 4 GiB", expected: .malformedFile(byteOffset: 95)) {
      $0.countsOverride = [0, 0, 0, UInt32.max, UInt32.max, UInt32.max]
    },
  ]

  @Test(arguments: damages)
  func damagedFilesAreTypedErrorsSayingWhere(_ damage: Damage) throws {
    var builder = Self.berlinLike
    damage.change(&builder)
    let error = try #require(zoneError { _ = try TZifFile(parsing: builder.bytes(), name: "Bad/Zone") })
    #expect(error.reason == damage.expected, "\(error)")
    #expect(error.description.hasPrefix("'Bad/Zone': "))
    #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 })
  }

  @Test func everyTruncationOfARealFileIsAnErrorNotATrap() throws {
    let bytes = try #require(
      {
        if case .contents(let bytes) = GlibcZoneSystem().readFile(
          "/usr/share/zoneinfo/Europe/Berlin", limit: 1 << 20)
        {
          return bytes
        }; return nil
      }())
    _ = try TZifFile(parsing: bytes, name: "Europe/Berlin")
    for length in 0..<bytes.count {
      #expect(throws: ZoneError.self) { try TZifFile(parsing: Array(bytes.prefix(length)), name: "cut") }
    }
    #expect(throws: ZoneError.self) { try TZifFile(parsing: bytes + [0], name: "longer") }
  }

  /// Random damage to a real file: any outcome but a trap (a parse, or a typed error).
  @Test func randomlyCorruptedFilesNeverTrap() throws {
    let bytes = try #require(
      {
        if case .contents(let bytes) = GlibcZoneSystem().readFile(
          "/usr/share/zoneinfo/America/New_York", limit: 1 << 20)
        {
          return bytes
        }; return nil
      }())
    var random = SplitMix64(state: 0xC0FFEE)
    var parsed = 0
    for _ in 0..<3_000 {
      var damaged = bytes
      for _ in 0..<(1 + random.next() % 4) {
        damaged[Int(random.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: random.next())
      }
      if let file = try? TZifFile(parsing: damaged, name: "random") {
        parsed += 1
        let zone = ZoneCalendar(identifier: "random", file: file)
        _ = zone.local(Int64(truncatingIfNeeded: random.next()))
        _ = zone.instants(at: LocalTime(year: 2026, month: 3, day: 8, hour: 2, minute: 30, second: 0))
      }
    }
    #expect(parsed > 0)
  }

  @Test func filesOverTheSizeLimitAreRefusedBeforeParsing() {
    let huge = [UInt8](repeating: 0, count: TZifFile.maximumSize + 1)
    let error = zoneError { _ = try TZifFile(parsing: huge, name: "huge") }
    #expect(error?.reason == .tooLarge)
  }
}
