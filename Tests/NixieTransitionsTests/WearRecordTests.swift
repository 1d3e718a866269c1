import NixieDisplay
import NixieTestBoards
import NixieText
import NixieTransitions
import Testing

/// The wear file: written and read back exactly, and every kind of bad file refused with a
/// message that names the problem and echoes no control character.
struct WearRecordTests {
  /// IN-12A, a single lower dot, IN-12A: small enough to write out in full.
  static let small = TestLayouts.lowerDotOnly
  static let layout = TestLayouts.reference

  static func read(_ text: String, layout: DisplayLayout = small) throws(WearRecordError) -> CathodeWear {
    try WearRecord.read(Array(text.utf8), layout: layout)
  }

  /// The refusal `text` gets, or nil when it is read.
  static func refusal(_ text: String, layout: DisplayLayout = small) -> WearRecordError? {
    refusal(Array(text.utf8), layout: layout)
  }

  static func refusal(_ bytes: [UInt8], layout: DisplayLayout = small) -> WearRecordError? {
    do {
      _ = try WearRecord.read(bytes, layout: layout)
      return nil
    } catch {
      return error
    }
  }

  /// A file for `small` whose first tube's `cathodes` object is `cathodes`.
  static func file(cathodes: String, version: String = "1") -> String {
    """
    {"version": \(version), "tubes": [{"model": "IN-12A", "cathodes": {\(cathodes)}}, \
    {"model": "INS-1", "cathodes": {}}, {"model": "IN-12A", "cathodes": {}}]}
    """
  }

  // MARK: - Written and read back

  @Test func itIsWrittenAsTheIssueSays() {
    var wear = CathodeWear(layout: Self.small)
    wear[0, 1] = 3_600_500_000_000
    wear[1, 1] = 1
    wear[2, 9] = 300_000_000
    #expect(
      WearRecord.text(wear, layout: Self.small)
        == """
        {"version": 1, "tubes": [{"model": "IN-12A", "cathodes": {"0": 0, "1": 3600.5, "2": 0, "3": 0, \
        "4": 0, "5": 0, "6": 0, "7": 0, "8": 0, "9": 0}}, {"model": "INS-1", "cathodes": {"upper": 0, \
        "lower": 0.000000001}}, {"model": "IN-12A", "cathodes": {"0": 0, "1": 0, "2": 0, "3": 0, \
        "4": 0, "5": 0, "6": 0, "7": 0, "8": 0, "9": 0.3}}]}
        """)
  }

  @Test func secondsAreWrittenExactly() {
    let table: [(UInt64, String)] = [
      (0, "0"), (1, "0.000000001"), (999_999_999, "0.999999999"), (1_000_000_000, "1"),
      (1_500_000_000, "1.5"), (1_000_000_010, "1.00000001"), (CathodeWear.ceiling, "10000000000"),
      (CathodeWear.ceiling - 1, "9999999999.999999999"),
    ]
    for (nanoseconds, text) in table { #expect(WearRecord.seconds(nanoseconds) == text) }
  }

  @Test func everyTimeRoundTripsToTheNanosecond() throws {
    for layout in [Self.layout, TestLayouts.signed, TestLayouts.withUnit, TestLayouts.in12B] {
      var wear = CathodeWear(layout: layout)
      var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
      for position in 0..<wear.positionCount {
        for cathode in 0..<wear.cathodeCount(at: position) {
          seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          let edges: [UInt64] = [
            0, 1, 999_999_999, 1_000_000_000, CathodeWear.ceiling, CathodeWear.ceiling - 1,
          ]
          wear[position, cathode] =
            cathode < edges.count ? edges[(cathode + position) % edges.count] : seed % CathodeWear.ceiling
        }
      }
      let text = WearRecord.text(wear, layout: layout)
      let read = try WearRecord.read(Array(text.utf8), layout: layout)
      #expect(read == wear)
      #expect(WearRecord.text(read, layout: layout) == text)
    }
  }

  /// Number text → nanoseconds: exact for decimals (past nine decimals dropped), through
  /// `Double` for exponents.
  @Test func timesAreReadInTheFormsJSONAllows() throws {
    let table: [(String, UInt64)] = [
      ("12", 12_000_000_000), ("0.3", 300_000_000), ("0", 0), ("0.0", 0), ("1.0000000019", 1_000_000_001),
      ("1e3", 1_000_000_000_000), ("2.5E-1", 250_000_000), ("1e-30", 0), ("10000000000", CathodeWear.ceiling),
      ("1e10", CathodeWear.ceiling), ("9999999999.9999999999", CathodeWear.ceiling - 1),
      ("0.\(String(repeating: "7", count: 5000))", 777_777_777),
    ]
    for (number, nanoseconds) in table {
      let wear = try Self.read(Self.file(cathodes: "\"4\": \(number)"))
      #expect(wear[0, 4] == nanoseconds, "\(number)")
    }
    // Left out: 0. Model names as board profiles may spell them.
    let wear = try Self.read(Self.file(cathodes: "").replacingOccurrences("IN-12A", "in12a"))
    #expect(wear == CathodeWear(layout: Self.small))
    #expect(try Self.read(Self.file(cathodes: "", version: "1.0")) == CathodeWear(layout: Self.small))
  }

  // MARK: - Refused, one class at a time

  @Test func aFileTooLargeIsRefusedUnread() {
    let digits = [UInt8](repeating: UInt8(ascii: "7"), count: 10 << 20)
    #expect(Self.refusal(digits) == .tooLarge(bytes: 10 << 20))
    #expect(Self.refusal(digits)?.description.contains("10485760 bytes") == true)
  }

  @Test func textThatIsNotJSONIsRefused() {
    for text in ["", "{", "{\"version\": 1,", "NaN", "{\"version\": NaN}", "\u{0}", "{\"a\": 1, \"a\": 2}"] {
      guard case .notJSON(let message)? = Self.refusal(text) else {
        Issue.record("\(Printable.escaped(text)) was not refused as JSON")
        continue
      }
      #expect(!message.isEmpty)
    }
  }

  @Test func jsonOfAnotherShapeIsRefused() {
    let table: [(String, String)] = [
      ("[]", "not a JSON object"), ("{}", "no \"version\""), ("{\"version\": 1}", "\"tubes\" is not a list"),
      ("{\"version\": 1, \"tubes\": {}}", "\"tubes\" is not a list"),
      ("{\"version\": 1, \"tubes\": [1, 2, 3]}", "tube 1 is not an object"),
      ("{\"version\": 1, \"tubes\": [{}, {}, {}]}", "tube 1 has no \"model\""),
      ("{\"version\": 1, \"tubes\": [{\"model\": 5}, {}, {}]}", "tube 1 has no \"model\""),
      (
        Self.file(cathodes: "").replacingOccurrences(
          "{\"model\": \"INS-1\", \"cathodes\": {}}", "{\"model\": \"INS-1\"}"),
        "tube 2 has no \"cathodes\""
      ),
    ]
    for (text, expected) in table {
      guard case .malformed(let message)? = Self.refusal(text) else {
        Issue.record("\(text) was not refused as malformed")
        continue
      }
      #expect(message.contains(expected), "\(text): \(message)")
    }
  }

  @Test func anotherVersionIsRefused() {
    for version in ["2", "0", "\"1\"", "null", "-1", "1.5"] {
      #expect(
        Self.refusal(Self.file(cathodes: "", version: version)) == .unsupportedVersion(version), "\(version)")
    }
    #expect(
      WearRecordError.unsupportedVersion("2").description
        == "the wear file has version '2'; this nixie reads version 1")
  }

  @Test func aTimeThatIsNoTimeIsRefused() {
    let table: [(String, String)] = [
      ("-1", "negative"), ("-0", "negative"), ("-0.5", "negative"), ("\"12\"", "not a number"),
      ("true", "not a number"), ("null", "not a number"), ("[1]", "not a number"),
      ("10000000000.000000001", "more than 10000000000 seconds"),
      ("10000000001", "more than"), ("1e400", "more than"), ("1e11", "more than"),
      (String(repeating: "9", count: 900_000), "more than"),
    ]
    for (value, reason) in table {
      guard
        case .badTime(let tube, let cathode, _, let why)? = Self.refusal(
          Self.file(cathodes: "\"4\": \(value)"))
      else {
        Issue.record("\(value.prefix(40)) was not refused as a time")
        continue
      }
      #expect(tube == 0 && cathode == "4" && why.contains(reason), "\(value.prefix(40)): \(why)")
    }
  }

  @Test func aCathodeTheModelLacksIsRefused() {
    #expect(
      Self.refusal(Self.file(cathodes: "\"rdp\": 1"))
        == .unknownCathode(tube: 0, cathode: "rdp", model: "IN-12A"))
    #expect(
      WearRecordError.unknownCathode(tube: 0, cathode: "rdp", model: "IN-12A").description
        == "tube 1 is an IN-12A, which has no cathode 'rdp'")
    #expect(
      Self.refusal(Self.file(cathodes: "\"10\": 1"))
        == .unknownCathode(tube: 0, cathode: "10", model: "IN-12A"))
    #expect(
      Self.refusal(Self.file(cathodes: "\"\": 1")) == .unknownCathode(tube: 0, cathode: "", model: "IN-12A"))
  }

  @Test func aFileFromAnotherBoardIsRefused() {
    let wear = CathodeWear(layout: Self.layout)
    let reference = WearRecord.text(wear, layout: Self.layout)
    // Another tube count.
    #expect(
      Self.refusal(reference, layout: Self.small) == .otherBoard("it has 8 tubes, this board 3"))
    // The same count, other models.
    let four = WearRecord.text(CathodeWear(layout: TestLayouts.in14Points), layout: TestLayouts.in14Points)
    guard case .otherBoard(let message)? = Self.refusal(four, layout: TestLayouts.in12B) else {
      Issue.record("IN-14 read as IN-12B")
      return
    }
    #expect(message == "tube 1 is an 'IN-14' in the file, an IN-12B here")
    #expect(Self.refusal(four, layout: TestLayouts.in14Points) == nil)
  }

  // MARK: - Hostile bytes

  /// Bytes a broken disk or an attacker could leave: each is refused, none traps or hangs, and
  /// no message carries a control character raw.
  static let hostile: [[UInt8]] = [
    [], [0], [UInt8](repeating: 0, count: 4096), [0xFF, 0xFE, 0x00], [0xC0, 0x80],
    Array("{\"version\": 1, \"tubes\": [".utf8) + [UInt8](repeating: UInt8(ascii: "["), count: 100_000),
    [UInt8](repeating: UInt8(ascii: "{"), count: 1 << 20),
    [UInt8](repeating: UInt8(ascii: "["), count: (1 << 20) + 1),
    [UInt8](repeating: UInt8(ascii: "1"), count: 10 << 20),
    [UInt8](repeating: UInt8(ascii: "1"), count: 1 << 20),
    Array("{\"version\": 1\u{0}}".utf8), Array("{\"version\": \"\\u001b]0;pwned\\u0007\"}".utf8),
    Array(file(cathodes: "\"\\u001b[2J\": 1").utf8), Array(file(cathodes: "\"4\": \"\\u0000\\u009b\"").utf8),
    Array("{\"version\": 1, \"tubes\": [{\"model\": \"\\u001b[31mIN-14\", \"cathodes\": {}}, {}, {}]}".utf8),
    Array(file(cathodes: "\"4\": 1e99999999999999999999").utf8),
    Array(file(cathodes: "\"4\": 0.\(String(repeating: "0", count: 500_000))1").utf8),
  ]

  @Test func hostileBytesAreRefusedQuietly() {
    for (index, bytes) in Self.hostile.enumerated() {
      guard let refusal = Self.refusal(bytes) else {
        // The one long fraction is a valid (zero) time: read, not refused.
        #expect(index == Self.hostile.count - 1, "hostile input \(index) was read")
        continue
      }
      #expect(!refusal.description.unicodeScalars.contains(where: Printable.needsEscape), "input \(index)")
      #expect(refusal.description.count < 400, "input \(index)")
    }
  }

  @Test func everyCutOfAGoodFileIsRefused() {
    var wear = CathodeWear(layout: Self.small)
    wear[0, 3] = 123_456_789_012
    let bytes = Array(WearRecord.text(wear, layout: Self.small).utf8)
    for length in 0..<bytes.count {
      #expect(Self.refusal(Array(bytes[..<length])) != nil, "cut at \(length)")
    }
    #expect(Self.refusal(bytes) == nil)
  }
}

extension String {
  fileprivate func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
