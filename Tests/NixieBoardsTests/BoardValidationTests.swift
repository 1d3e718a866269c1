import Foundation
import NixieBoards
import NixieYAMLFiles
import Testing

/// Every mistake in a profile is reported with its file, line and what is wrong.
struct BoardValidationTests {
  /// A small valid profile; each case below breaks one thing in it.
  static let valid = """
    name: two-tubes
    chips:
      model: HV5622
      count: 1
    gpio:
      chip: gpiochip0
      din: 10
      clk: 11
      le: 8
      bl: 25
    display:
      - tube: IN-12A
        cathodes: {"0": 0, "1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}
      - separator: INS-1
        cathodes: {lower: 10}
      - tube: IN-12B
        cathodes: {"0": 20, "1": 21, "2": 22, "3": 23, "4": 24, "5": 25, "6": 26, "7": 27, "8": 28, "9": 29, dp: 30}
    encoder:
      a: 17
      b: 27
      switch: 22

    """

  @Test func theBaseProfileIsValid() throws {
    let board = try BoardCatalog.parse(Self.valid, file: "two.yaml")
    #expect(board.layout.tubeCount == 2)
    #expect(board.layout.positions[2].pointBefore == .decimalPoint)
    #expect(board.encoder?.chip == "gpiochip0")
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var replace: String
    var with: String
    var line: Int?
    var message: String
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "unknown top-level key", replace: "chips:", with: "chip:", line: 2,
      message: "unknown key 'chip' at the top level (did you mean 'chips'?)"),
    Case(
      name: "unknown key in gpio", replace: "  din: 10", with: "  dn: 10", line: 7,
      message: "unknown key 'dn' in gpio (did you mean 'din'?)"),
    Case(
      name: "unknown cathode", replace: "dp: 30}", with: "ldp: 30}", line: 17,
      message: "unknown key 'ldp' in display[2].cathodes"),
    Case(
      name: "missing cathode", replace: #""5": 5, "#, with: "", line: 13,
      message: "tube 1 (IN-12A) has no output for cathode '5'"),
    Case(
      name: "output used twice", replace: "dp: 30}", with: "dp: 3}", line: 17,
      message: "output 3 is already used by tube 1 3 (at line 13 of this file)"),
    Case(
      name: "output out of range", replace: "dp: 30}", with: "dp: 32}", line: 17,
      message: "output 32 is out of range: 1 × HV5622 have outputs 0–31"),
    Case(
      name: "line used twice", replace: "  b: 27", with: "  b: 11", line: 20,
      message: "GPIO 11 of gpiochip0 is already used for clk (at line 8 of this file)"),
    Case(
      name: "missing required key", replace: "name: two-tubes\n", with: "", line: 1,
      message: "missing key 'name' at the top level"),
    Case(
      name: "unknown tube model", replace: "tube: IN-12A", with: "tube: IN-41", line: 12,
      message: "unknown tube model 'IN-41'"),
    Case(
      name: "unknown chip", replace: "model: HV5622", with: "model: HV9999", line: 3,
      message: "unknown chip model 'HV9999'"),
    Case(
      name: "separator with no dot", replace: "cathodes: {lower: 10}", with: "name: colon", line: 14,
      message: "colon wires no dot"),
    Case(
      name: "tube named as separator", replace: "separator: INS-1", with: "tube: INS-1", line: 14,
      message: "INS-1 is a separator: write 'separator: INS-1'"),
    Case(
      name: "not a number", replace: "  le: 8", with: "  le: eight", line: 9,
      message: "gpio.le must be a whole number, not 'eight'"),
    Case(
      name: "count out of range", replace: "count: 1", with: "count: 0", line: 4,
      message: "chips.count must be between 1 and 64, not 0"),
    Case(
      name: "missing latch line", replace: "  le: 8\n", with: "", line: 5,
      message: "HV5622 needs gpio lines din, clk and le (or an 'spi' section); missing: le"),
    Case(
      name: "duplicate key", replace: "  bl: 25", with: "  bl: 25\n  bl: 26", line: 11,
      message: "duplicate key 'bl' (first at line 10)"),
    Case(name: "YAML syntax", replace: "display:", with: "display: [", line: nil, message: "YAML syntax"),
    Case(
      name: "decoder without bcd", replace: "- tube: IN-12A\n",
      with: "- tube: IN-12A\n    decoder: K155ID1\n", line: 13,
      message: "display[0].decoder needs 'bcd: [four outputs]' beside it"),
    Case(
      name: "i2c on a shift register", replace: "display:",
      with: "i2c: {bus: /dev/i2c-1, address: 0x20}\ndisplay:", line: 11,
      message: "HV5622 is a shift register: it takes 'gpio' or 'spi', not 'i2c'"),
    Case(
      name: "bad encoder level", replace: "  switch: 22", with: "  switch: 22\n  active: sideways", line: 22,
      message: "encoder.active must be low or high"),
    Case(
      name: "bad detents", replace: "  switch: 22", with: "  switch: 22\n  detents-per-cycle: 3", line: 22,
      message: "encoder.detents-per-cycle must be 1, 2 or 4"),
    Case(
      name: "inverted non-display line", replace: "count: 1", with: "count: 1\n  inverted: [a]", line: 5,
      message: "chips.inverted lists display lines (din, clk, le, bl), not 'a'"),
    Case(name: "empty file", replace: valid, with: "# nothing\n", line: nil, message: "the file is empty"),
  ]

  @Test("reports", arguments: cases)
  func reports(_ example: Case) {
    #expect(Self.valid.contains(example.replace), "the case no longer applies to the base profile")
    let yaml = Self.valid.replacingFirst(example.replace, with: example.with)
    do {
      let board = try BoardCatalog.parse(yaml, file: "board.yaml")
      Issue.record("expected an error, got \(board.name)")
    } catch {
      #expect(error.file == "board.yaml")
      if let line = example.line { #expect(error.line == line, "\(error)") }
      #expect(error.message.contains(example.message), "\(error)")
      #expect(error.description.hasPrefix("board.yaml:"))
    }
  }

  @Test func aDisplayMayStartWithASeparatorButNeedsATube() {
    let yaml = Self.valid.replacingFirst(
      "  - tube: IN-12A\n", with: "  - separator: INS-1\n    cathodes: {upper: 12}\n  - tube: IN-12A\n")
    #expect(throws: Never.self) { try BoardCatalog.parse(yaml, file: "b") }
    let noTubes =
      "name: x\nchips: {model: HV5622}\ngpio: {chip: c, din: 1, clk: 2, le: 3}\ndisplay:\n  - separator: INS-1\n    cathodes: {upper: 0}\n"
    #expect { try BoardCatalog.parse(noTubes, file: "b") } throws: { error in
      (error as? YAMLFileError)?.message == "display must list at least one tube"
        && (error as? YAMLFileError)?.line == 4
    }
  }

  @Test func sectionsOfTheWrongShapeAreReportedAtTheirKey() {
    let yaml = "name: x\nchips: {model: HV5622}\ngpio: {chip: c, din: 1, clk: 2, le: 3}\ndisplay: 5\n"
    #expect { try BoardCatalog.parse(yaml, file: "b") } throws: { error in
      (error as? YAMLFileError)?.message == "display must be a list" && (error as? YAMLFileError)?.line == 4
    }
    let empty = yaml.replacingFirst("display: 5", with: "display: []")
    #expect { try BoardCatalog.parse(empty, file: "b") } throws: { error in
      (error as? YAMLFileError)?.message == "display must list at least one tube"
    }
  }

  @Test func expanderBoardsTakePinNamesAndCheckTheirBCDWiring() throws {
    let yaml = """
      name: pcf
      chips: {model: PCF8574}
      i2c: {bus: /dev/i2c-1, addresses: [0x20, 0x21]}
      display:
        - tube: IN-12A
          bcd: [0, 1, 2, 3]
          codes: {"0": 9, "9": 0}
        - tube: IN-12A
          bcd: [8, 9, 10, 11]
      """
    let board = try BoardCatalog.parse(yaml, file: "pcf.yaml")
    #expect(board.chipCount == 2)
    #expect(board.outputs.outputCount == 16)
    #expect(board.outputs.positions[0].bcd?.codes[0] == 9)
    #expect(board.outputs.positions[0].bcd?.codes[9] == 0)

    let ambiguous = yaml.replacingFirst("bcd: [0, 1, 2, 3]", with: "bcd: [P0, P1, P2, P3]")
    #expect { try BoardCatalog.parse(ambiguous, file: "b") } throws: { error in
      (error as? YAMLFileError)?.message.contains("pin names are ambiguous") == true
    }
    let shared = yaml.replacingFirst(#"codes: {"0": 9, "9": 0}"#, with: #"codes: {"0": 9}"#)
    #expect { try BoardCatalog.parse(shared, file: "b") } throws: { error in
      (error as? YAMLFileError)?.message.contains("two digits share one decoder input") == true
    }
    let blank = yaml.replacingFirst(#"codes: {"0": 9, "9": 0}"#, with: #"codes: {"0": 15}"#)
    #expect { try BoardCatalog.parse(blank, file: "b") } throws: { error in
      (error as? YAMLFileError)?.message.contains("decoder input 15 is blank") == true
    }
    let threeBits = yaml.replacingFirst("bcd: [8, 9, 10, 11]", with: "bcd: [8, 9, 10]")
    #expect { try BoardCatalog.parse(threeBits, file: "b") } throws: { error in
      (error as? YAMLFileError)?.line == 9
    }
  }

  @Test func controlCharactersAreNamedNotPrinted() {
    let yaml = Self.valid.replacingFirst("tube: IN-12A", with: #"tube: "IN\e[31m""#)
    #expect { try BoardCatalog.parse(yaml, file: "b.yaml") } throws: { error in
      let text = "\(error)"
      return text.contains(#"b.yaml:12:5: unknown tube model 'IN\u{1B}[31m'"#)
        && !text.unicodeScalars.contains("\u{1B}")
    }
    let raw = Self.valid.replacingFirst("name: two-tubes", with: "name: two\u{1B}tubes")
    #expect { try BoardCatalog.parse(raw, file: "b.yaml") } throws: { error in
      "\(error)" == #"b.yaml:1:10: YAML syntax: control character \u{1B} is not allowed in the text"#
    }
  }

  @Test func filesThatAreNotUTF8OrTooLargeAreReportedWithTheirPlace() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nixie-boards-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let latin1 = folder.appendingPathComponent("latin1.yaml")
    try Data("name: caf".utf8 + [0xE9] + Array("\n".utf8)).write(to: latin1)
    #expect { try BoardCatalog.load(.file(latin1.path)) } throws: { error in
      "\(error)".hasSuffix(
        "latin1.yaml:1:10: YAML syntax: the text is not UTF-8 (byte 0xE9 cannot start or continue a character here)"
      )
    }
    let large = folder.appendingPathComponent("large.yaml")
    try Data(repeating: UInt8(ascii: "#"), count: (1 << 20) + 1).write(to: large)
    #expect { try BoardCatalog.load(.file(large.path)) } throws: { error in
      (error as? YAMLFileError)?.message.hasPrefix("the file is larger than 1 MiB") == true
    }
    #expect { try BoardCatalog.load(.file(folder.path)) } throws: { error in
      (error as? YAMLFileError)?.message == "cannot read it: it is a directory, not a regular file"
    }
    #expect { try BoardCatalog.load(.file("/dev/null")) } throws: { error in
      (error as? YAMLFileError)?.message == "cannot read it: it is a character device, not a regular file"
    }
  }

  @Test func missingFilesAreReportedWithTheirPath() {
    #expect { try BoardCatalog.load(.file("/nonexistent/board.yaml")) } throws: { error in
      let error = error as? YAMLFileError
      return error?.file == "/nonexistent/board.yaml"
        && error?.message.hasPrefix("cannot read the file") == true
    }
  }
}

extension String {
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
