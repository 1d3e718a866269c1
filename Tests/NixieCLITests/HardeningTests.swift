import Foundation
import Glibc
import NixieSystem
import Testing

/// Faults that must leave the clock running, or end a command with its documented code.
@Suite(.serialized)
struct HardeningTests {
  typealias Scratch = ClockCommandTests.Scratch

  /// A running simulated clock with `config`, its socket, and a way to stop it.
  final class RunningClock {
    let scratch: Scratch
    let process: Process
    let errors: Pipe

    init(config: String = "", extra: [String] = [], launcher: [String] = []) throws {
      scratch = try Scratch(config: config)
      let arguments = scratch.arguments(["--duration", "60", "--transition", "none"] + extra)
      if launcher.isEmpty {
        (process, errors) = try ClockCommandTests.start(arguments)
      } else {
        process = Process()
        process.executableURL = URL(fileURLWithPath: launcher[0])
        process.arguments = Array(launcher.dropFirst()) + [NixieProcess.binary.path] + arguments
        errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
      }
      try FirstHourTests.waitFor { FileManager.default.fileExists(atPath: self.scratch.socket) }
    }

    func send(_ arguments: [String]) throws -> NixieProcess.Result {
      try NixieProcess.run(["send"] + arguments + ["--socket", scratch.socket])
    }

    /// SIGTERM, then the exit status and what it logged.
    func stop() -> (status: Int32, log: String) {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
      let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      return (process.terminationStatus, log)
    }

    /// CPU seconds the process has used (user + system), from /proc.
    var cpuSeconds: Double {
      guard
        let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { return 0 }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
      return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
  }

  @Test func sendExitsSixtyNineSeventyFiveOrTwoAsTheClockAnswers() throws {
    let absent = try NixieProcess.run(["send", "42", "--socket", SocketPaths.unused()])
    #expect(absent.status == 69, "\(absent.stderr)")
    #expect(absent.stderr.contains("no nixie clock is listening"))
    let clock = try RunningClock(config: "control:\n  total-requests-per-second: 1\n")
    defer { _ = clock.stop() }
    let refused = try clock.send(["12-4"])
    #expect(refused.status == 2 && refused.stderr.contains("the clock refused"), "\(refused.stderr)")
    // A burst of two per second passes; more is the clock being busy, which is worth a retry.
    let statuses = try (0..<6).map { _ in try clock.send(["42"]).status }
    #expect(Set(statuses).isSubset(of: [0, 75]) && statuses.contains(75), "\(statuses)")
    let busy = try clock.send(["42"])
    if busy.status == 75 { #expect(busy.stderr.contains("the clock is busy"), "\(busy.stderr)") }
  }

  @Test func outOfDescriptorsTheServerBacksOffQuietlyAndRecovers() throws {
    // How many descriptors the clock holds by itself, then a limit just above that.
    let probe = try RunningClock()
    let baseline =
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(probe.process.processIdentifier)/fd")
        .count) ?? 16
    _ = probe.stop()
    let clock = try RunningClock(launcher: [
      "/usr/bin/prlimit", "--nofile=\(baseline + 1):\(baseline + 1)", "--",
    ])
    // One connection takes the last descriptor; the next ones wait in the backlog.
    let held = try SocketPaths.connect(clock.scratch.socket)
    let waiting = try (0..<4).map { _ in try SocketPaths.connect(clock.scratch.socket) }
    let before = clock.cpuSeconds
    Thread.sleep(forTimeInterval: 2)
    let spent = clock.cpuSeconds - before
    #expect(spent < 0.5, "the server spun: \(spent) s of CPU in 2 s")
    // The held connection reaches its deadline and is closed; the waiting ones get their turn.
    _ = (held, waiting)
    try FirstHourTests.waitFor { (try? clock.send(["--clear"]).status) == 0 }
    let (status, log) = clock.stop()
    #expect(status == 0)
    let warnings = log.split(separator: "\n").filter { $0.contains("new connections wait") }
    #expect(warnings.count == 1, "\(log)")
  }

  @Test func aReaderThatGoesAwayDoesNotKillTheClock() throws {
    let clock = try RunningClock()
    // Nobody reads standard error any more: the next log line meets EPIPE, not SIGPIPE.
    try clock.errors.fileHandleForReading.close()
    kill(clock.process.processIdentifier, SIGHUP)
    #expect(try clock.send(["42"]).status == 0)
    kill(clock.process.processIdentifier, SIGTERM)
    clock.process.waitUntilExit()
    #expect(clock.process.terminationReason == .exit && clock.process.terminationStatus == 0)
  }
}

/// Socket paths for tests.
enum SocketPaths {
  static func unused() -> String { "/tmp/nixie-none-\(UUID().uuidString.prefix(8)).sock" }

  /// A connected client that never sends anything.
  static func connect(_ path: String) throws -> UnixSocket {
    let socket = try UnixSocket(datagram: false)
    guard let address = UnixSocket.Address(path) else { throw FirstHourTests.WaitTimedOut() }
    try socket.connect(to: address)
    return socket
  }
}
