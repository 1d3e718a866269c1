import Foundation
import NixieBoardModel
import NixieDrivers
import NixiePictures
import NixieRuntime
import NixieSimulator
import Testing

/// The VCD trace holds every edge: replayed into a fresh chain model it latches the same
/// frames, and a third-party decoder (sigrok) reads the same bits.
struct VCDTraceTests {
  /// A trace of `values` shown one after the other, and the frames the model published.
  static func record(_ values: [String]) throws -> (
    vcd: String, frames: [LatchedFrame], latches: [OutputBits]
  ) {
    let board = try Boards.reference()
    let clock = ManualClock(start: 5_000_000)
    let sim = try SimulatedBoard(board: board, clock: clock)
    let chain = try #require(sim.chain)
    let buffer = TextBuffer()
    let trace = VCDWriter(
      output: buffer, roles: sim.gpio.roles, levels: sim.gpio.levels, origin: clock.now(),
      comment: sim.wiringComment)
    sim.gpio.addObserver(trace)
    let recorder = FrameRecorder()
    sim.display.addObserver(recorder)
    try sim.driver.start()
    var latches: [OutputBits] = []
    for value in values {
      try sim.driver.write(try board.formatter.format(value))
      latches.append(chain.latches)
      clock.advance(by: 10_000_000)
    }
    trace.finish(at: clock.now())
    return (trace.stream.text, recorder.frames, latches)
  }

  /// A minimal VCD reader: the 1-bit changes in time order, by variable name.
  static func changes(in vcd: String) -> [(time: UInt64, name: String, high: Bool)] {
    var names: [String: String] = [:]
    var result: [(UInt64, String, Bool)] = []
    var time: UInt64 = 0
    for line in vcd.split(separator: "\n") {
      let words = line.split(separator: " ")
      if words.first == "$var" { names[String(words[3])] = String(words[4]) }
      if line.hasPrefix("#") { time = UInt64(line.dropFirst())! }
      if let first = line.first, first == "0" || first == "1", let name = names[String(line.dropFirst())] {
        result.append((time, name, first == "1"))
      }
    }
    return result
  }

  @Test func theHeaderNamesOneWirePerLineInNanoseconds() throws {
    let (vcd, _, _) = try Self.record(["1"])
    #expect(vcd.contains("$timescale 1 ns $end"))
    for name in ["din", "clk", "le", "bl", "a", "b", "sw"] {
      #expect(vcd.contains(" \(name) $end"), "\(name)")
    }
    #expect(
      vcd.contains(
        "$comment board hv5622-6xin14; raspberry-pi lines din=10 clk=11 le=8 bl=25 a=17 b=27 sw=22 $end"))
  }

  @Test func replayingTheTraceLatchesTheSameFrames() throws {
    let values = ["09:41:00", "12:34:56", "7", "0"]
    let (vcd, frames, latches) = try Self.record(values)
    let board = try Boards.reference()
    let replayed = try #require(ShiftChainModel(board: board))
    var replayLatches: [OutputBits] = []
    var levels: LineSet = []
    var lastTime: UInt64 = 0
    var pending: LineSet = []
    func flush(at time: UInt64) {
      guard !pending.isEmpty else { return }
      let wasLE = replayed.latchCount
      replayed.linesChanged(pending, levels: levels, at: time)
      if replayed.latchCount > wasLE { replayLatches.append(replayed.shiftRegister) }
      pending = []
    }
    for change in Self.changes(in: vcd) {
      if change.time != lastTime { flush(at: lastTime) }
      lastTime = change.time
      let role = LineSet.role(LineRole(name: change.name)!)
      levels = change.high ? levels.union(role) : levels.subtracting(role)
      pending.insert(role)
    }
    flush(at: lastTime)
    #expect(replayLatches == latches)
    #expect(replayed.state == frames.last?.state)
    let shown = try values.map { board.layout.text(of: try board.formatter.format($0)) }
    #expect(frames.map { board.layout.text(of: $0.state) } == shown)
  }

  static var sigrok: String? {
    ["/usr/bin/sigrok-cli", "/usr/local/bin/sigrok-cli"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  @Test(.enabled(if: sigrok != nil, "sigrok-cli is not installed (Scripts/test installs it)"))
  func sigrokDecodesTheBitsTheModelLatched() throws {
    let values = ["09:41:00", "12:34:56", "1"]
    let (vcd, _, latches) = try Self.record(values)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("nixie-sigrok-\(getpid()).vcd")
    try vcd.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Self.sigrok!)
    process.arguments = [
      "-I", "vcd", "-i", file.path,
      "-P", "spi:clk=clk:mosi=din:cs=le:cs_polarity=active-low:cpol=0:cpha=1",
      "-B", "spi=mosi",
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(bytes == latches.flatMap { ShiftChain.bytes(of: $0) })
  }
}
