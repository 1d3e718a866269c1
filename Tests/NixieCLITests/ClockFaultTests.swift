import Foundation
import Glibc
import NixieControl
import NixieCore
import NixieSystem
import NixieTestSupport
import Testing

/// A stopped or hung clock, two clocks at once, SIGHUP storms and a full disk, with real
/// processes and real sockets: nobody else hangs, one clock wins, nothing saved is lost,
/// files end with whole lines, and what a killed clock left is cleaned up.
struct ClockFaultTests {
  /// A process started with its standard error in a file (read while it runs).
  final class Running {
    let process = Process()
    let log: URL

    init(_ arguments: [String], folder: URL) throws {
      log = folder.appendingPathComponent("stderr-\(UUID().uuidString.prefix(8)).log")
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      process.executableURL = NixieProcess.binary
      process.arguments = arguments
      process.standardOutput = FileHandle.nullDevice
      process.standardError = try FileHandle(forWritingTo: log)
      try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var stderr: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// Waits at most `seconds` for it to exit; false (and it is killed) when it did not.
    func exits(within seconds: Double) -> Bool {
      let deadline = Date().addingTimeInterval(seconds)
      while process.isRunning {
        guard Date() < deadline else {
          kill(pid, SIGCONT)
          kill(pid, SIGKILL)
          process.waitUntilExit()
          return false
        }
        Thread.sleep(forTimeInterval: 0.01)
      }
      return true
    }

    func stop() {
      guard process.isRunning else { return }
      kill(pid, SIGCONT)
      kill(pid, SIGTERM)
      if !exits(within: 10) { Issue.record("did not stop on SIGTERM") }
    }
  }

  /// A clock on the simulator with its own socket, config and overrides file.
  struct Rig {
    let folder: URL
    let socket: String
    var config: String { folder.appendingPathComponent("nixie.yaml").path }
    var overrides: String { folder.appendingPathComponent("overrides.yaml").path }

    init(config: String = "") throws {
      folder = try NixieProcess.temporaryFolder()
      socket = "/tmp/nixie-fault-\(UUID().uuidString.prefix(8)).sock"
      try config.write(toFile: self.config, atomically: true, encoding: .utf8)
    }

    func clock(_ extra: [String] = []) throws -> Running {
      try Running(
        ["clock", "--backend", "sim", "--config", config, "--overrides", overrides, "--socket", socket]
          + extra,
        folder: folder)
    }
  }

  /// Fills a listening socket's queue: connections nobody accepts, kept open.
  static func fillQueue(of path: String) throws -> [UnixSocket] {
    let address = try #require(UnixSocket.Address(path))
    var queued: [UnixSocket] = []
    for _ in 0..<64 {
      let socket = try UnixSocket(datagram: false)
      try socket.descriptor.setNonBlocking()
      do {
        try socket.connect(to: address)
      } catch {
        return queued
      }
      queued.append(socket)
    }
    throw FirstHourTests.WaitTimedOut()
  }

  /// Runs `nixie` with `arguments` and at most `seconds`: its status, stderr and how long it
  /// took, or nil when it had to be killed.
  static func run(_ arguments: [String], within seconds: Double, folder: URL) throws
    -> (status: Int32, stderr: String, seconds: Double)?
  {
    let started = Date()
    let running = try Running(arguments, folder: folder)
    guard running.exits(within: seconds) else { return nil }
    return (running.process.terminationStatus, running.stderr, Date().timeIntervalSince(started))
  }

  /// One HTTP exchange with `nixie web`, read until it closes (or 10 s pass).
  static func http(_ port: String, _ path: String) throws -> String {
    let socket = try TCPSocket.connect(to: try #require(TCPSocket.Address("127.0.0.1:\(port)")))
    try socket.setReceiveTimeout(milliseconds: 10_000)
    try socket.sendAll(Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
    var reply: [UInt8] = []
    while let chunk = try socket.receiveAvailable(upTo: 65_536), !chunk.isEmpty { reply += chunk }
    return String(decoding: reply, as: UTF8.self)
  }

  /// The clock stopped with SIGSTOP and its queue full: `nixie send` gives up at its deadline
  /// (75), a second clock is refused at once (69, naming the first), `nixie web` goes on
  /// serving and says "not answering" until the clock answers again, and stops on SIGTERM.
  @Test func aStoppedClockHangsNobodyElse() throws {
    let rig = try Rig()
    let clock = try rig.clock()
    defer { clock.stop() }
    try FirstHourTests.waitFor { FileManager.default.fileExists(atPath: rig.socket) }
    let web = try Running(["web", "--listen", "127.0.0.1:0", "--socket", rig.socket], folder: rig.folder)
    defer { web.stop() }
    try FirstHourTests.waitFor { web.stderr.contains("serving http://127.0.0.1:") }
    let port = try #require(
      web.stderr.components(separatedBy: "serving http://127.0.0.1:").last?.prefix { $0.isNumber })
    let events = try TCPSocket.connect(to: try #require(TCPSocket.Address("127.0.0.1:\(port)")))
    try events.setReceiveTimeout(milliseconds: 10_000)
    try events.sendAll(Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
    var stream = ""
    func read(until needle: String) throws -> Bool {
      for _ in 0..<200 where !stream.contains(needle) {
        guard let chunk = try events.receiveAvailable(upTo: 65_536), !chunk.isEmpty else { return false }
        stream += String(decoding: chunk, as: UTF8.self)
      }
      return stream.contains(needle)
    }
    #expect(try read(until: #""reach": "live""#), "\(stream)")

    kill(clock.pid, SIGSTOP)
    let queued = try Self.fillQueue(of: rig.socket)
    #expect(!queued.isEmpty)

    let send = try Self.run(["send", "42", "--socket", rig.socket], within: 15, folder: rig.folder)
    #expect(send != nil, "nixie send did not return")
    #expect(send?.status == 75, "\(send?.stderr ?? "")")
    #expect(send?.stderr.contains("the clock is not answering") == true, "\(send?.stderr ?? "")")
    // Its deadline is 3 s; a busy machine may add a little.
    #expect((send?.seconds ?? 99) < 6, "took \(send?.seconds ?? 0) s")

    let second = try Self.run(
      ["clock", "--backend", "sim", "--config", rig.config, "--socket", rig.socket], within: 15,
      folder: rig.folder)
    #expect(second != nil, "the second clock did not end")
    #expect(second?.status == 69, "\(second?.stderr ?? "")")
    #expect(
      second?.stderr.contains("another nixie clock (PID \(clock.pid)) is running on the control socket")
        == true,
      "\(second?.stderr ?? "")")

    #expect(try Self.http(String(port), "/app.css").hasPrefix("HTTP/1.1 200"))
    let state = try Self.http(String(port), "/api/state")
    #expect(state.hasPrefix("HTTP/1.1 504"), "\(state.prefix(200))")
    #expect(try Self.http(String(port), "/app.css").hasPrefix("HTTP/1.1 200"))
    #expect(try read(until: #""reach": "not answering""#), "\(stream)")

    kill(clock.pid, SIGCONT)
    stream = ""
    #expect(try read(until: #""reach": "live""#), "\(stream)")
    #expect(try Self.http(String(port), "/api/state").hasPrefix("HTTP/1.1 200"))
    withExtendedLifetime(queued) {}

    kill(clock.pid, SIGSTOP)
    _ = try Self.http(String(port), "/app.css")
    let stopping = Date()
    kill(web.pid, SIGTERM)
    #expect(web.exits(within: 10), "nixie web did not stop on SIGTERM while the clock was stopped")
    #expect(Date().timeIntervalSince(stopping) < 2)
    kill(clock.pid, SIGCONT)
  }

  /// Two clocks started at the same moment on one socket, again and again: exactly one runs,
  /// the other exits 69 naming the first.
  @Test func ofTwoClocksStartedAtOnceExactlyOneRuns() throws {
    for round in 0..<12 {
      let rig = try Rig()
      let clocks = try (0..<2).map { _ in try rig.clock(["--duration", "60"]) }
      defer { for clock in clocks { clock.stop() } }
      let deadline = Date().addingTimeInterval(15)
      while clocks.allSatisfy(\.process.isRunning) && Date() < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
      let stopped = clocks.filter { !$0.process.isRunning }
      let running = clocks.filter(\.process.isRunning)
      #expect(stopped.count == 1 && running.count == 1, "round \(round): \(clocks.map(\.stderr))")
      guard let loser = stopped.first, let winner = running.first else { return }
      #expect(loser.process.terminationStatus == 69, "round \(round): \(loser.stderr)")
      #expect(loser.stderr.contains("(PID \(winner.pid))"), "round \(round): \(loser.stderr)")
      try FirstHourTests.waitFor { FileManager.default.fileExists(atPath: rig.socket) }
      try ControlClient.send(.clear, to: rig.socket)
      winner.stop()
      #expect(!FileManager.default.fileExists(atPath: rig.socket))
      #expect(!FileManager.default.fileExists(atPath: rig.socket + ".lock"))
    }
  }

  /// SIGHUP every 0.2 ms while brightness and night changes go in as fast as the clock takes
  /// them: every change answered "saved" comes into force and stays (a reload reads the files
  /// only after writing what waits), and the file holds the last one within 5 s.
  @Test func sighupStormsLoseNoSavedChange() throws {
    let rig = try Rig(config: "control:\n  requests-per-second: 1000\n  total-requests-per-second: 10000\n")
    let clock = try rig.clock()
    defer { clock.stop() }
    try FirstHourTests.waitFor { FileManager.default.fileExists(atPath: rig.socket) }
    let stop = Locked(false)
    let signals = Locked(0)
    let pid = clock.pid
    let hangUps = Thread {
      while !stop.withLock({ $0 }) && signals.withLock({ $0 }) < 200_000 {
        kill(pid, SIGHUP)
        signals.withLock { $0 += 1 }
        usleep(200)
      }
    }
    hangUps.start()
    defer { stop.withLock { $0 = true } }
    var lost: [Int] = []
    for pair in 0..<150 {
      let percent = 1 + pair % 100
      var brightness = ClockSettingsChange()
      brightness.brightness = .set(percent)
      _ = try ControlClient.request(.change(brightness), to: rig.socket)
      var night = ClockSettingsChange()
      night.night = pair % 2 == 0 ? .set(.off) : .reset
      _ = try ControlClient.request(.change(night), to: rig.socket)
      // In force once the clock's loop has taken it (within 2 s), and not undone by a reload.
      let deadline = Date().addingTimeInterval(2)
      while (try? ControlClient.request(.state, to: rig.socket))?["state"]?["settings"]?["brightness"]
        != .number("\(percent)")
      {
        guard Date() < deadline else {
          lost.append(pair)
          break
        }
        usleep(2000)
      }
    }
    stop.withLock { $0 = true }
    #expect(
      lost.isEmpty,
      "\(lost.count) of 150 saved brightness changes lost from the clock (pairs \(lost.prefix(10)))")
    #expect(signals.withLock { $0 } > 100)
    let state = try ControlClient.request(.state, to: rig.socket)
    #expect(state["state"]?["overridden"]?.text.contains("brightness") == true, "\(state)")
    // On disk within the 5 s a burst waits (and a reload writes it at once).
    try FirstHourTests.waitFor {
      ((try? String(contentsOfFile: rig.overrides, encoding: .utf8)) ?? "").contains("brightness: 50\n")
    }
    #expect(clock.process.isRunning, "\(clock.stderr)")
  }

  /// A slider dragged in Home Assistant: 30 brightness changes as fast as the clock takes them.
  /// Each is in force as it is answered; the overrides file is written for the first and once
  /// more 5 s after the last (it was written 30 times, and the clock logged 30 notices: the
  /// wear that kills an SD card); the burst is logged once, and the stop leaves the last value.
  @Test func aBurstOfChangesIsWrittenTwiceAndLoggedOnce() throws {
    let rig = try Rig(config: "control:\n  requests-per-second: 1000\n  total-requests-per-second: 10000\n")
    let clock = try rig.clock()
    defer { clock.stop() }
    try FirstHourTests.waitFor { FileManager.default.fileExists(atPath: rig.socket) }
    var inodes: [UInt64] = []
    func look() {
      var info = stat()
      if stat(rig.overrides, &info) == 0, inodes.last != UInt64(info.st_ino) {
        inodes.append(UInt64(info.st_ino))
      }
    }
    for step in 1...30 {
      var change = ClockSettingsChange()
      change.brightness = .set(step)
      let answer = try ControlClient.request(.change(change), to: rig.socket)
      #expect(answer["saved"] == .bool(true))
      look()
    }
    #expect(inodes.count == 1, "written \(inodes.count) times during the burst")
    try FirstHourTests.waitFor {
      ((try? String(contentsOfFile: rig.overrides, encoding: .utf8)) ?? "").contains("brightness: 30\n")
    }
    look()
    #expect(inodes.count == 2, "written \(inodes.count) times")
    try FirstHourTests.waitFor { clock.stderr.contains("changed over the control socket") }
    clock.stop()
    let lines = clock.stderr.split(separator: "\n").filter { $0.contains("changed over the control socket") }
    #expect(lines.count == 1, "\(lines)")
    #expect(lines.first?.contains("(30 changes in ") == true, "\(lines)")
    #expect(try String(contentsOfFile: rig.overrides, encoding: .utf8).contains("brightness: 30\n"))
  }

  /// The temporary files a clock killed while saving left beside the overrides file are gone
  /// after the next start.
  @Test func aClockRemovesTheTemporaryFilesAKilledOneLeft() throws {
    let rig = try Rig()
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    let left = ["\(rig.overrides).tmp-\(gone.processIdentifier)", "\(rig.overrides).tmp-2147483"]
    for path in left { try "brightness: 1".write(toFile: path, atomically: false, encoding: .utf8) }
    let result = try Self.run(
      [
        "clock", "--backend", "sim", "--config", rig.config, "--overrides", rig.overrides, "--socket",
        rig.socket,
        "--duration", "0.2",
      ], within: 15, folder: rig.folder)
    #expect(result?.status == 0, "\(result?.stderr ?? "")")
    for path in left { #expect(!FileManager.default.fileExists(atPath: path), "\(path) is still there") }
  }

  /// The disk fills while `nixie show` writes its frames log and trace: exit 74, and both
  /// files end with a whole line, every line whole.
  @Test(.enabled(if: SmallFileSystem.isAvailable, "mounting a small tmpfs needs root"))
  func onAFullDiskTheFramesLogAndTraceEndWithWholeLines() throws {
    let disk = try SmallFileSystem(kilobytes: 16)
    let frames = disk.path + "/frames.jsonl"
    let trace = disk.path + "/trace.vcd"
    let result = try NixieProcess.run([
      "show", "--backend", "sim", "--frames-log", frames, "--trace", trace, "--from", "000000",
      "--transition", "crossfade", "--fade-ms", "1500", "123456",
    ])
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr.contains("No space left on device"), "\(result.stderr)")
    let log = try String(contentsOfFile: frames, encoding: .utf8)
    let vcd = try String(contentsOfFile: trace, encoding: .utf8)
    #expect(log.hasSuffix("\n") && vcd.hasSuffix("\n"), "\(log.suffix(30)) | \(vcd.suffix(30))")
    for line in log.split(separator: "\n") {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
    }
    for line in vcd.split(separator: "\n") where !line.hasPrefix("$") {
      let isTime = line.hasPrefix("#") && line.dropFirst().allSatisfy(\.isNumber)
      let isChange = line.count == 2 && "01".contains(line.first ?? " ")
      #expect(isTime || isChange || line.hasSuffix("$end"), "\(line)")
    }
  }
}
