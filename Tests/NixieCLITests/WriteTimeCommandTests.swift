import Foundation
import Testing

/// A slow board as a user meets it (issue 34 §2): the simulator told how long a frame write
/// takes (`--sim-write-time`), the clock measuring it and fitting its PWM, and `nixie doctor`
/// reporting what the running clock measured.
struct WriteTimeCommandTests {
  @Test func theDoctorReportsTheWriteTimeTheRunningClockMeasured() throws {
    let scratch = try ClockCommandTests.Scratch(config: "transition: crossfade\n")
    let (process, _) = try ClockCommandTests.start(
      scratch.arguments(["--sim-write-time", "300us", "--duration", "20"]))
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    try FirstHourTests.waitFor { FileManager.default.fileExists(atPath: scratch.socket) }
    var report = ""
    // The clock measures its first sixteen writes, in its first fade.
    try FirstHourTests.waitFor {
      report =
        (try? NixieProcess.run(["doctor", "--board", "hv5622-6xin14", "--socket", scratch.socket]))?
        .stdout ?? ""
      return report.contains("the running clock measures")
    }
    let line = try #require(report.split(separator: "\n").first { $0.contains("frame writes") })
    let words = line.split(separator: " ")
    let takes = try #require(words.firstIndex(of: "takes"))
    // `412 µs:` or, on a slow build (the sanitizers'), `2.33 ms:`.
    let number = try #require(Double(words[takes + 1]))
    let unit = try #require(["µs:": 1.0, "ms:": 1_000.0][String(words[takes + 2])], "\(line)")
    // At least the write time asked for: the simulator sleeps it, and a sleep is never short.
    #expect(number * unit >= 300, "\(line)")
    #expect(line.contains("levels of"), "\(line)")
  }

  @Test func withoutAClockTheDoctorSaysHowToMeasure() throws {
    let result = try NixieProcess.run([
      "doctor", "--board", "hv5622-6xin14", "--socket", "/tmp/nixie-no-such-\(UUID().uuidString).sock",
    ])
    #expect(result.stdout.contains("nixie bench --bitbang 1000 --board hv5622-6xin14"), "\(result.stdout)")
  }

  @Test(arguments: [["--sim-write-time", "4xx"], ["--sim-write-time", "101ms"]])
  func aBadWriteTimeIsBadUsageSayingWhatIsWanted(_ options: [String]) throws {
    let result = try NixieProcess.run(["show", "1", "--backend", "sim"] + options)
    #expect(result.status == 2)
    #expect(result.stderr.contains("give a time from 0 to 100ms with its unit"), "\(result.stderr)")
  }

  @Test func aWriteTimeOnTheHardwareIsRefused() throws {
    let result = try NixieProcess.run([
      "show", "1", "--board", "hv5622-6xin14", "--backend", "hardware", "--sim-write-time", "400us",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("--sim-write-time slows the simulator's writes"), "\(result.stderr)")
  }
}
