import NixieWireDecoders
import Testing

/// The VCD reader: the format `nixie --trace` writes, timescales, and errors with line and column.
struct LogicTraceTests {
  /// A dump as `VCDWriter` writes it (header, `$dumpvars` at #0, then changes), by hand.
  static let writerStyle = """
    $comment board ncs314; gpiochip0 lines le=22 $end
    $version nixie $end
    $timescale 1 ns $end
    $scope module board $end
    $var wire 1 ! mosi $end
    $var wire 1 " sclk $end
    $var wire 1 # le $end
    $upscope $end
    $enddefinitions $end
    #0
    $dumpvars
    0!
    1"
    1#
    $end
    #1000
    0#
    #1250
    1!
    0"
    #5000
    """

  @Test func readsTheWritersFormat() throws {
    let trace = try LogicTrace(vcd: Self.writerStyle)
    #expect(trace.names == ["mosi", "sclk", "le"])
    #expect(trace.endTime == 5000)
    #expect(
      trace.changes == [
        .init(time: 0, wire: 0, level: false, inSnapshot: true),
        .init(time: 0, wire: 1, level: true, inSnapshot: true),
        .init(time: 0, wire: 2, level: true, inSnapshot: true), .init(time: 1000, wire: 2, level: false),
        .init(time: 1250, wire: 0, level: true), .init(time: 1250, wire: 1, level: false),
      ])
    #expect(try trace.wire("le") == 2)
    #expect(trace.level(of: 2, at: 999) == true)
    #expect(trace.level(of: 2, at: 1000) == false)
  }

  @Test(arguments: [
    ("1 ns", 7 as UInt64), ("10ns", 70), ("100 ns", 700), ("1 us", 7_000), ("10 ms", 70_000_000),
    ("1 s", 7_000_000_000),
  ])
  func timescalesBecomeNanoseconds(timescale: String, expected: UInt64) throws {
    let vcd = "$timescale \(timescale) $end $var wire 1 ! a $end $enddefinitions $end #7 1!"
    let trace = try LogicTrace(vcd: vcd)
    #expect(trace.changes == [.init(time: expected, wire: 0, level: true)])
  }

  @Test func unknownLevelsAndOneBitVectorsAreRead() throws {
    let vcd = "$var wire 1 ! a $end $enddefinitions $end #1 x! #2 b1 ! #3 z! #4 b0 !"
    let trace = try LogicTrace(vcd: vcd)
    #expect(trace.changes.map(\.level) == [nil, true, nil, false])
  }

  @Test func widerVariablesAreSkippedAndCannotBeDecoded() throws {
    let vcd = "$var wire 8 # bus $end $var wire 1 ! a $end $enddefinitions $end #1 b1010 # 1! r1.5 #"
    let trace = try LogicTrace(vcd: vcd)
    #expect(trace.names == ["a"])
    #expect(trace.changes == [.init(time: 1, wire: 0, level: true)])
    #expect(throws: WireDecodeError("'bus' is 8 bits wide; the decoders read 1-bit wires")) {
      try trace.wire("bus")
    }
  }

  @Test func aMissingOrAmbiguousWireIsNamed() throws {
    let vcd = """
      $scope module a $end $var wire 1 ! le $end $upscope $end
      $scope module b $end $var wire 1 " le $end $var wire 1 # sclk $end $upscope $end
      $enddefinitions $end
      """
    let trace = try LogicTrace(vcd: vcd)
    #expect(throws: WireDecodeError("the trace declares 'le' twice with different codes")) {
      try trace.wire("le")
    }
    #expect(throws: WireDecodeError("the trace has no wire 'mosi' (it has le, sclk)")) {
      try trace.wire("mosi")
    }
  }

  @Test(arguments: [
    (
      "$timescale 1 ps $end", 1, 12,
      "the timescale unit must be s, ms, us or ns (finer is not supported), not 'ps'"
    ),
    ("$timescale 3 ns $end", 1, 12, "a timescale is 1, 10 or 100 of a unit, not '3ns'"),
    ("$var wire 1 ! a $end\n$enddefinitions $end\n#5\n1?", 4, 1, "no $var declares the code '?'"),
    ("$var wire 1 ! a $end $enddefinitions $end #5 #4", 1, 46, "time goes back from 5 ns to 4 ns"),
    ("$var wire 1 ! a $end $enddefinitions $end #5x", 1, 43, "a time is '#' and a whole number, not '#5x'"),
    (
      "$var wire 1 ! a $end $enddefinitions $end\n  hello", 2, 3,
      "'hello' is not a value change, a time or a keyword"
    ),
    ("$var wire 1 ! a $end 1!", 1, 22, "'1!' before $enddefinitions"),
    ("$var wire 1 !", 1, 1, "$var has no $end"),
    ("$var wire 0 ! a $end", 1, 11, "the width of a $var must be a positive number, not '0'"),
    ("$var wire 1 ! a $end $enddefinitions $end 1\u{1B}[2J", 1, 43, "no $var declares the code '\\u{1b}[2J'"),
  ])
  func malformedDumpsNameTheirLineAndColumn(vcd: String, line: Int, column: Int, message: String) {
    #expect(throws: VCDError(line: line, column: column, message: message)) { try LogicTrace(vcd: vcd) }
  }
}
