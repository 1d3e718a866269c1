import Foundation
import Testing

/// `nixie show` with transitions, brightness and signals, read back from the frames log.
struct ShowTransitionTests {
  struct Frame {
    var text: String
    var positions: [[String]]
    var outputs: [Int]
    var time: UInt64
  }

  /// Runs `nixie show` with a frames log and returns its exit status and the frames.
  static func frames(_ arguments: [String]) throws -> (status: Int32, stderr: String, frames: [Frame]) {
    let log = try NixieProcess.temporaryFolder().appendingPathComponent("frames.jsonl")
    let result = try NixieProcess.run(["show", "--backend", "sim", "--frames-log", log.path] + arguments)
    let lines = (try? String(contentsOf: log, encoding: .utf8))?.split(separator: "\n") ?? []
    let frames = try lines.map { line in
      let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
      return Frame(
        text: try #require(object["text"] as? String),
        positions: try #require(object["positions"] as? [[String]]),
        outputs: try #require(object["outputs"] as? [Int]),
        time: UInt64(try #require(object["mono_ns"] as? Int)))
    }
    return (result.status, result.stderr, frames)
  }

  /// The share of `[from, to)` during which `position` showed `name`.
  static func duty(_ frames: [Frame], position: Int, name: String, from: UInt64, to: UInt64) -> Double {
    var lit: UInt64 = 0
    for (index, frame) in frames.enumerated() where frame.positions[position] == [name] {
      let end = min(index + 1 < frames.count ? frames[index + 1].time : to, to)
      let start = max(frame.time, from)
      if end > start { lit += end - start }
    }
    return Double(lit) / Double(to - from)
  }

  @Test func fromNineToNineteenLeavesTheUnitsNineInEveryFrameWhileTheTensFadeInAOne() throws {
    let (status, stderr, frames) = try Self.frames(["--from", "9", "19", "--transition", "crossfade"])
    #expect(status == 0, "\(stderr)")
    // A 500 ms cross-fade is about 100 PWM periods on a quiet machine; on the real clock of a
    // loaded one the slices stretch (46 were seen at a load average of 17). Many frames, not
    // a count: the fade's shape is measured on a manual clock (FadeOnTheWireTests).
    #expect(frames.count > 20)
    // Tube 6's 9 is chain output 62: lit, and never rewritten, in every frame.
    for frame in frames {
      #expect(frame.positions[7] == ["9"])
      #expect(frame.outputs.contains(62))
      #expect(frame.positions[6] == [] || frame.positions[6] == ["1"])
      #expect([0, 1, 2, 3, 4, 5].allSatisfy { frame.positions[$0] == [] })
    }
    #expect(frames.first?.text == "       9")
    #expect(frames.last?.text == "      19")
    // On the real clock of a shared machine the slices stretch and shrink with the load (the
    // share of the 1 in the first 150 ms was once 0.92 and in the last 0.71: issue 38); the
    // exact curve is measured on a manual clock (FadeOnTheWireTests). Here it is enough that
    // the 1 comes in faded, not cut in: PWM, so dark again after it was first lit.
    let firstLit = try #require(frames.firstIndex { $0.positions[6] == ["1"] })
    #expect(frames[firstLit...].contains { $0.positions[6] == [] }, "the 1 was cut in, not faded")
  }

  @Test(arguments: ["none", "crossfade", "fade", "slot"])
  func everyTransitionEndsOnTheValue(_ transition: String) throws {
    let (status, stderr, frames) = try Self.frames([
      "--from", "12:34:56", "--transition", transition, "--fade-ms", "200", "65:43:21",
    ])
    #expect(status == 0, "\(stderr)")
    #expect(frames.last?.text == "65:43:21")
    #expect(frames.count >= (transition == "none" ? 2 : 10))
    for frame in frames {
      for tube in [0, 1, 3, 4, 6, 7] { #expect(frame.positions[tube].count <= 1) }
    }
  }

  @Test func dimmingAlternatesTheValueWithDarkFramesThenBlanks() throws {
    let (status, stderr, frames) = try Self.frames([
      "--transition", "none", "--brightness", "30", "--hold", "2", "42",
    ])
    #expect(status == 0, "\(stderr)")
    #expect(frames.allSatisfy { $0.text == "      42" || $0.text == "        " })
    #expect(frames.last?.text == "        ")
    // Lit and dark take turns while it holds (the exact 30 % duty is measured on a manual clock
    // in FadeOnTheWireTests; a loaded machine stretches real slices, so the whole hold of 2 s
    // is looked at: a 0.3 s hold is a few dozen slices, which a late thread can swallow).
    let start = try #require(frames.first).time
    let end = try #require(frames.last).time
    let share = Self.duty(frames, position: 6, name: "4", from: start, to: end)
    #expect(frames.dropLast().filter { $0.text == "        " }.count >= 2, "\(frames.count) frames")
    #expect(share > 0 && share < 0.9, "\(share)")
  }

  @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
  func aSignalDuringHoldBlanksTheTubesAndExitsOne(_ signal: Int32, _ name: String) throws {
    let log = try NixieProcess.temporaryFolder().appendingPathComponent("frames.jsonl")
    let process = Process()
    process.executableURL = NixieProcess.binary
    process.arguments = [
      "show", "--backend", "sim", "--transition", "none", "--frames-log", log.path, "--hold", "30", "7",
    ]
    let err = Pipe()
    process.standardError = err
    process.standardOutput = Pipe()
    try process.run()
    // Once the value is on the tubes (the frames log is flushed every frame), during the hold.
    try FirstHourTests.waitFor { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("\n") }
    kill(process.processIdentifier, signal)
    let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 1)
    #expect(stderr.contains("\(name): the tubes are blanked"), "\(stderr)")
    let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.last?.contains(#""text": "        ""#) == true)
  }
}
