import Foundation
import Glibc
import NixieClock
import NixieSystem
import Testing

/// `nixie clock` and `nixie send` as a user and systemd run them: the simulator, `--at`,
/// the frames log, exit codes, signals, sd_notify and the control socket.
struct ClockCommandTests {
  /// A folder with an empty config (so /etc/nixie/nixie.yaml never leaks in) and paths.
  struct Scratch {
    let folder: URL
    var config: String { folder.appendingPathComponent("nixie.yaml").path }
    var frames: String { folder.appendingPathComponent("frames.jsonl").path }
    let socket = "/tmp/nixie-cli-\(UUID().uuidString.prefix(8)).sock"

    init(config text: String = "") throws {
      folder = try NixieProcess.temporaryFolder()
      try text.write(toFile: config, atomically: true, encoding: .utf8)
    }

    func arguments(_ extra: [String]) -> [String] {
      ["clock", "--backend", "sim", "--config", config, "--frames-log", frames, "--socket", socket] + extra
    }

    /// The frames log's objects.
    func frameObjects() throws -> [[String: Any]] {
      try String(contentsOfFile: frames, encoding: .utf8).split(separator: "\n").compactMap {
        try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
      }
    }

    func texts() throws -> [String] { try frameObjects().compactMap { $0["text"] as? String } }
  }

  /// Starts `nixie` without waiting for it.
  static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe) {
    let process = Process()
    process.executableURL = NixieProcess.binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    return (process, errors)
  }

  /// Digits only: the separators blink while this machine's clock is unsynchronised.
  static func digits(_ text: String) -> String { text.filter(\.isNumber) }

  /// Whether a frame logged at `t` (the frames log's RFC 3339 UTC time, on the displayed
  /// clock) may show what `start` (`2026-03-29T00:59:58Z`) begins and `length` seconds end:
  /// never before `start`; after the end by at most `lag` displayed seconds, since a frame
  /// the loop made just before the change (a blinking separator's) can reach the log a
  /// moment after it on a busy machine — CI's ASan run logged 01:59 at 02:00:00.045 with
  /// `--speed 60`, 0.75 ms of real time late.
  static func frame(at t: String, shows start: String, length: Double, lag: Double) -> Bool {
    guard let offset = seconds(from: start, to: t) else { return false }
    return offset >= 0 && offset < length + lag
  }

  /// Seconds from `start` (`2026-03-29T00:59:58Z`) to the frames log's `t` (with its
  /// fraction); nil when either is no such time.
  static func seconds(from start: String, to t: String) -> Double? {
    let formatter = ISO8601DateFormatter()
    guard let begin = formatter.date(from: start) else { return nil }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: t).map { $0.timeIntervalSince(begin) }
  }

  /// The bounds the two tests below hold the frames log's times to.
  @Test func aFrameShowsItsTimeNeverEarlyAndLateOnlyByTheLag() {
    let start = "2026-03-29T00:59:00Z"
    #expect(Self.frame(at: "2026-03-29T00:59:00.000Z", shows: start, length: 60, lag: 30))
    #expect(Self.frame(at: "2026-03-29T01:00:29.999Z", shows: start, length: 60, lag: 30))
    #expect(!Self.frame(at: "2026-03-29T00:58:59.999Z", shows: start, length: 60, lag: 30))
    #expect(!Self.frame(at: "2026-03-29T01:00:30.000Z", shows: start, length: 60, lag: 30))
    #expect(!Self.frame(at: "yesterday", shows: start, length: 60, lag: 30))
  }

  @Test func atStartsTheDisplayedClockAndTheFramesLogRecordsDisplayedTime() throws {
    let scratch = try Scratch()
    // Without fades each frame holds one second's digits, so its `t` lies in that second (or a
    // moment after it, `frame(at:shows:length:lag:)`).
    let result = try NixieProcess.run(
      scratch.arguments([
        "--at", "2026-03-29T01:59:58+01:00", "--timezone", "Europe/Berlin", "--duration", "2.5",
        "--transition", "none",
      ]))
    #expect(result.status == 0, "\(result.stderr)")
    let frames = try scratch.frameObjects()
    var seen: [String] = []
    for frame in frames {
      let digits = Self.digits(frame["text"] as? String ?? "")
      guard !digits.isEmpty else { continue }
      if seen.last != digits { seen.append(digits) }
      let t = frame["t"] as? String ?? ""
      let utcSecond = ["015958": "00:59:58", "015959": "00:59:59", "030000": "01:00:00"][digits] ?? "?"
      // Half a second late at most, of real time.
      #expect(
        Self.frame(at: t, shows: "2026-03-29T\(utcSecond)Z", length: 1, lag: 0.5), "\(t) shows \(digits)")
    }
    #expect(seen == ["015958", "015959", "030000"])
    #expect(Self.digits(try scratch.texts().last ?? "x").isEmpty)
  }

  /// `--speed 60`: two real seconds are two minutes of the clock, across Berlin's spring gap;
  /// the frames log times each frame on the displayed clock (at real speed this run would
  /// never leave 01:59).
  @Test func speedRunsTheDisplayedClockFastAcrossTheSpringGap() throws {
    // Without anti-poisoning: its run at the full hour spins every digit.
    let scratch = try Scratch(config: "anti-poisoning: off\n")
    let result = try NixieProcess.run(
      scratch.arguments([
        "--at", "2026-03-29T01:59:00+01:00", "--timezone", "Europe/Berlin", "--speed", "60", "--duration",
        "2",
        "--format", "HH:mm", "--transition", "none",
      ]))
    #expect(result.status == 0, "\(result.stderr)")
    var seen: [String] = []
    for frame in try scratch.frameObjects() {
      let digits = Self.digits(frame["text"] as? String ?? "")
      guard !digits.isEmpty else { continue }
      if seen.last != digits { seen.append(digits) }
      let t = frame["t"] as? String ?? ""
      let utcMinute = ["0159": "00:59", "0300": "01:00", "0301": "01:01", "0302": "01:02"][digits] ?? "?"
      // Half a second late at most, of real time: 30 s of the displayed clock.
      #expect(
        Self.frame(at: t, shows: "2026-03-29T\(utcMinute):00Z", length: 60, lag: 30), "\(t) shows \(digits)")
    }
    #expect(Array(seen.prefix(2)) == ["0159", "0300"], "\(seen)")
  }

  @Test(arguments: [
    (["--format", "HH-mm"], "'-'"), (["--format", "HH:mm a"], "AM/PM"),
    (["--timezone", "Mars/Olympus"], "--timezone: unknown time zone 'Mars/Olympus'"),
    (["--at", "yesterday"], "--at"), (["--duration", "0"], "--duration"),
    (["--transition", "wobble"], "wobble"),
    (["--format", "HH:mm@0"], "@"), (["--fade-ms", "-1"], "--fade-ms"),
    (["--fade-ms", "60001"], "--fade-ms"),
    (["--curve", "cubic"], "cubic"), (["--brightness", "0"], "--brightness"),
    (["--brightness", "101"], "--brightness"), (["--input", "/nonexistent/knob.txt"], "--input"),
    (["--input", "knob.txt", "--backend", "hardware"], "--input"),
    (["--speed", "0"], "--speed must be a whole number from 1 to 3600"), (["--speed", "3601"], "--speed"),
    (["--speed", "fast"], "--speed"),
    (["--speed", "60", "--backend", "hardware"], "--speed runs the simulator's"),
    (["--board", "mcp23017-4xin12", "--format", "HHmm", "--input", "/dev/null"], "no rotary encoder"),
  ])
  func badOptionsExitTwoNamingTheProblem(_ extra: [String], _ named: String) throws {
    let scratch = try Scratch()
    let result = try NixieProcess.run(scratch.arguments(["--duration", "1"] + extra))
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains(named), "\(result.stderr)")
  }

  @Test(arguments: [
    ("faces:\n  - format: \"HH:mm:ss\"\n  - format: \"HH-mm\"\n", ":3:13: format 'HH-mm'"),
    ("timezone: Nowhere/Land\n", ":1:11: unknown time zone"), ("facez: []\n", ":1:1: unknown key 'facez'"),
  ])
  func aBadConfigurationExits65WithFileAndLine(_ yaml: String, _ expected: String) throws {
    let scratch = try Scratch(config: yaml)
    let result = try NixieProcess.run(scratch.arguments(["--duration", "1"]))
    #expect(result.status == 65)
    #expect(result.stderr.contains(scratch.config + expected), "\(result.stderr)")
  }

  @Test func aMalformedKnobScriptExits65WithItsLine() throws {
    let scratch = try Scratch()
    let script = scratch.folder.appendingPathComponent("knob.txt").path
    try "0 cw 1\n100 spin 3\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(scratch.arguments(["--duration", "1", "--input", script]))
    #expect(result.status == 65)
    #expect(result.stderr.contains(script + ":2: unknown event 'spin'"), "\(result.stderr)")
  }

  @Test func aKnobScriptPlaysInRealTimeFromTheStart() throws {
    let scratch = try Scratch()
    let script = scratch.folder.appendingPathComponent("knob.txt").path
    // The last press is due long after the end: the knob's thread must not hold up the exit.
    try "300 press\n600000 press\n".write(toFile: script, atomically: true, encoding: .utf8)
    let started = Date()
    let result = try NixieProcess.run(
      scratch.arguments([
        "--at", "2026-07-20T12:00:00", "--timezone", "Europe/Berlin", "--format", "HH:mm:ss@50",
        "--format", "dd.MM.yy@10", "--transition", "none", "--input", script, "--duration", "2",
      ]))
    #expect(result.status == 0, "\(result.stderr)")
    // Not held up by the press due in ten minutes.
    #expect(Date().timeIntervalSince(started) < 10)
    let frames = try scratch.frameObjects()
    let date = try #require(frames.first { Self.digits($0["text"] as? String ?? "") == "200726" })
    // The displayed clock started at 12:00:00 (10:00:00Z) just before the script did, so the
    // date cannot show before the press is released (380 ms) and debounced (5 ms); the run
    // lasts two seconds (a busy machine may take a moment more to show it).
    let shown = try #require(date["t"] as? String)
    let after = Self.seconds(from: "2026-07-20T10:00:00Z", to: shown) ?? -1
    #expect(after >= 0.385 && after < 2, "\(shown)")
  }

  @Test func aBoardsButtonsDriveTheClockFromAScript() throws {
    let scratch = try Scratch()
    let script = scratch.folder.appendingPathComponent("buttons.txt").path
    try "300 press mode\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(
      scratch.arguments([
        "--board", "ncs314", "--at", "2026-07-20T12:00:00", "--timezone", "Europe/Berlin", "--format",
        "HH:mm:ss@50", "--format", "dd.MM.yy@10", "--transition", "none", "--input", script, "--duration",
        "1",
      ]))
    #expect(result.status == 0, "\(result.stderr)")
    let texts = try scratch.frameObjects().compactMap { $0["text"] as? String }.map(Self.digits)
    #expect(texts.first == "120000", "\(texts)")
    #expect(texts.contains("200726"), "\(texts)")
  }

  @Test func aScriptThatTurnsAKnobTheBoardLacksIsBadUsage() throws {
    let scratch = try Scratch()
    let script = scratch.folder.appendingPathComponent("buttons.txt").path
    try "0 press up\n300 cw 2\n".write(toFile: script, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(
      scratch.arguments(["--board", "ncs314", "--duration", "1", "--input", script]))
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("--input line 2: 'cw 2': ncs314 has no rotary encoder"), "\(result.stderr)")
  }

  /// (configuration file, options): a 5 s cross-fade, or an anti-poisoning run all minute long.
  static let moving: [(String, [String])] = [
    ("", ["--fade-ms", "5000"]),
    ("anti-poisoning:\n  short:\n    every-minutes: 1\n    offset: \"00:00\"\n    seconds: 60\n", []),
  ]

  @Test(arguments: moving)
  func sigtermMidFadeOrMidAntiPoisoningBlanksWithinASecond(_ config: String, _ options: [String]) throws {
    let scratch = try Scratch(config: config)
    let (process, _) = try Self.start(scratch.arguments(["--duration", "30"] + options))
    // Mid-motion: the frames log (flushed every frame) shows it moving.
    try FirstHourTests.waitFor { ((try? scratch.texts().count) ?? 0) > 50 }
    let sent = SystemClock().now()
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    let texts = try scratch.texts()
    // It was still moving when stopped (a cross-fade or the slot machine), then dark.
    #expect(texts.count > 50, "\(texts.count) frames")
    #expect(texts.last == "        ")
    #expect(try Self.blankedWithinASecond(of: sent, scratch, darkAtSIGTERM: true))
  }

  /// Whether the last frame (the blank) reached the tubes within a second of `sent` (the
  /// monotonic time SIGTERM was sent), by the frames log's own latch times: how long the
  /// process then takes to exit (a sanitizer's leak check, a machine busy with other work)
  /// is not the tubes' business (issue 38). With `darkAtSIGTERM` the tubes may have been dark
  /// already when it came — mid-fade, a PWM period's dark slice: the blank then latches
  /// nothing new (the driver writes no frame it already shows), and the last frame is that
  /// slice's; without, every frame before SIGTERM showed digits, so the blank is a frame of
  /// its own after it.
  static func blankedWithinASecond(of sent: UInt64, _ scratch: Scratch, darkAtSIGTERM: Bool = false) throws
    -> Bool
  {
    let latched = try #require(scratch.frameObjects().last?["mono_ns"] as? Int)
    if !darkAtSIGTERM { #expect(UInt64(latched) >= sent, "the last frame was latched before SIGTERM") }
    return UInt64(latched) < sent + 1_000_000_000
  }

  @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/dev/gpiochip0"), "this machine has GPIO"))
  func theHardwareBackendWithoutAGPIOChipExits69SayingWhatToDo() throws {
    let scratch = try Scratch()
    let result = try NixieProcess.run(
      [
        "clock", "--board", "hv5622-6xin14", "--backend", "hardware", "--config", scratch.config, "--socket",
        scratch.socket,
        "--duration", "1",
      ])
    #expect(result.status == 69)
    #expect(
      result.stderr.hasPrefix(NixieProcess.noHeaderChip), "\(result.stderr)"
    )
    #expect(result.stderr.contains("--backend sim"))
  }

  @Test func commandLineOptionsWinOverTheFile() throws {
    let scratch = try Scratch(config: "timezone: Asia/Kathmandu\nfaces:\n  - format: \"dd.MM.yy\"\n")
    let result = try NixieProcess.run(
      scratch.arguments([
        "--timezone", "UTC", "--format", "HH:mm:ss", "--at", "2026-07-20T10:00:00Z", "--duration", "0.3",
      ]))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(Self.digits(try scratch.texts().first ?? "") == "100000")
  }

  @Test func sigtermBlanksTheTubesAndExitsZeroWithinASecond() throws {
    let scratch = try Scratch()
    // No fades at full brightness: every frame shows digits until SIGTERM (an ASan run's
    // SIGTERM came 2.6 ms after a dark frame, a cross-fade's dark slice, which was then the
    // log's last: the blank changed nothing).
    let (process, _) = try Self.start(scratch.arguments(["--duration", "30", "--transition", "none"]))
    // Digits on the tubes first: a clock slow to start (ASan under load) had logged only dark
    // frames, so its blank changed nothing, was not logged, and the log's last frame was one
    // latched before SIGTERM.
    try FirstHourTests.waitFor { (try? scratch.texts().contains { !Self.digits($0).isEmpty }) ?? false }
    let sent = SystemClock().now()
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    #expect(Self.digits(try scratch.texts().last ?? "x").isEmpty)
    #expect(try Self.blankedWithinASecond(of: sent, scratch))
    #expect(!FileManager.default.fileExists(atPath: scratch.socket))
  }

  @Test func underSystemdItReportsReadyPingsTheWatchdogAndSaysItIsStopping() throws {
    let scratch = try Scratch()
    let path = "/tmp/nixie-notify-\(UUID().uuidString.prefix(8)).sock"
    defer { unlink(path) }
    let listener = try UnixSocket(datagram: true)
    try listener.bind(to: try #require(UnixSocket.Address(path)))
    try listener.setReceiveTimeout(milliseconds: 5000)
    let result = try NixieProcess.run(
      scratch.arguments(["--duration", "1.5"]),
      environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "400000"])
    #expect(result.status == 0, "\(result.stderr)")
    var messages: [String] = []
    while let message = try listener.receive(upTo: 4096) {
      messages.append(String(decoding: message, as: UTF8.self))
      if messages.last?.hasPrefix("STOPPING=1") == true { break }
    }
    #expect(messages.first?.hasPrefix("READY=1\nSTATUS=hv5622-6xin14: HH:mm:ss in ") == true, "\(messages)")
    #expect(messages.filter { $0 == "WATCHDOG=1" }.count >= 5, "\(messages)")
    #expect(messages.last?.hasPrefix("STOPPING=1") == true)
  }

  /// A start that fails under systemd says why at error priority in the journal and in
  /// STATUS, which `systemctl status` shows after restarts have pushed the lines away.
  @Test func underSystemdAFailedStartIsAnErrorAndItsReasonTheStatus() throws {
    let scratch = try Scratch()
    let profile = try NixieProcess.run(["boards", "print", "hv5622-6xin14"]).stdout
      .replacingOccurrences(of: "chip: raspberry-pi", with: "chip: pinctrl-rp1")
    let board = (scratch.config as NSString).deletingLastPathComponent + "/rp1.yaml"
    try profile.write(toFile: board, atomically: true, encoding: .utf8)
    let path = "/tmp/nixie-notify-\(UUID().uuidString.prefix(8)).sock"
    defer { unlink(path) }
    let listener = try UnixSocket(datagram: true)
    try listener.bind(to: try #require(UnixSocket.Address(path)))
    try listener.setReceiveTimeout(milliseconds: 5000)
    let result = try NixieProcess.run(
      [
        "clock", "--board", board, "--backend", "hardware", "--config", scratch.config, "--socket",
        scratch.socket,
      ],
      environment: ["NOTIFY_SOCKET": path, "JOURNAL_STREAM": "8:1234"])
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("<3>nixie: pinctrl-rp1"), "\(result.stderr)")
    let status = try listener.receive(upTo: 4096).map { String(decoding: $0, as: UTF8.self) }
    #expect(status?.hasPrefix("STATUS=failed: pinctrl-rp1") == true, "\(status ?? "nothing")")
  }

  @Test func sighupWithABadFileKeepsRunningAndAGoodFileTakesOver() throws {
    let scratch = try Scratch(config: "faces:\n  - format: \"HH:mm:ss\"\n")
    let (process, errors) = try Self.start(scratch.arguments(["--duration", "60", "--transition", "none"]))
    func sixDigitFrames() -> Int {
      ((try? scratch.texts()) ?? []).filter { Self.digits($0).count == 6 }.count
    }
    try FirstHourTests.waitFor { sixDigitFrames() > 0 }
    try "faces:\n  - format: \"HH-mm\"\n".write(toFile: scratch.config, atomically: true, encoding: .utf8)
    kill(process.processIdentifier, SIGHUP)
    // Still running on the old face after the bad file: six digits go on ticking.
    let seen = sixDigitFrames()
    try FirstHourTests.waitFor { sixDigitFrames() > seen + 1 }
    try "faces:\n  - format: \"HHmm\"\n".write(toFile: scratch.config, atomically: true, encoding: .utf8)
    kill(process.processIdentifier, SIGHUP)
    try FirstHourTests.waitFor { (try? scratch.texts().last.map { Self.digits($0).count == 4 }) == true }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(stderr)")
    #expect(stderr.contains("configuration not reloaded") && stderr.contains("nixie.yaml:2:13"), "\(stderr)")
    let digits = try scratch.texts().map(Self.digits).filter { !$0.isEmpty }
    #expect(digits.contains { $0.count == 6 } && digits.last?.count == 4, "\(digits)")
  }

  @Test func sighupAppliesANewTransition() throws {
    let scratch = try Scratch(config: "transition: none\n")
    let (process, errors) = try Self.start(scratch.arguments(["--duration", "60"]))
    // Frames per displayed second: one or three without fades (a new second, and the colons'
    // blink), a dozen or more once each second cross-fades (old and new digit take turns).
    func perSecond() -> [Int: Int] {
      let times = ((try? scratch.frameObjects()) ?? []).compactMap { $0["mono_ns"] as? Int }
      guard let start = times.first else { return [:] }
      return Dictionary(grouping: times) { ($0 - start) / 1_000_000_000 }.mapValues(\.count)
    }
    try FirstHourTests.waitFor { perSecond().keys.contains(1) }
    try "transition:\n  style: crossfade\n  fade-ms: 300\n".write(
      toFile: scratch.config, atomically: true, encoding: .utf8)
    kill(process.processIdentifier, SIGHUP)
    try FirstHourTests.waitFor { perSecond().values.contains { $0 > 12 } }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(process.terminationStatus == 0, "\(stderr)")
    // Frames per monotonic second: a handful without fades (the colons may blink), hundreds
    // once each second cross-fades.
    let counts = perSecond()
    #expect((counts[0] ?? 0) <= 4, "\(counts)")
    #expect(counts.values.contains { $0 > 12 }, "\(counts)")
  }

  @Test func sendReachesARunningClockAndIsRefusedForWhatTheBoardCannotShow() throws {
    let scratch = try Scratch()
    let (process, _) = try Self.start(scratch.arguments(["--duration", "4"]))
    try FirstHourTests.waitFor { FileManager.default.fileExists(atPath: scratch.socket) }
    let sent = try NixieProcess.run([
      "send", "1234", "--seconds", "1", "--transition", "slot", "--socket", scratch.socket,
    ])
    #expect(sent.status == 0, "\(sent.stderr)")
    let refused = try NixieProcess.run(["send", "12-4", "--socket", scratch.socket])
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains("the clock refused") && refused.stderr.contains("'-'"), "\(refused.stderr)")
    process.waitUntilExit()
    #expect(try scratch.texts().contains("   12 34"))
  }

  @Test func sendGroupsDigitsAndIsRefusedWhatDoesNotFitWithItsGaps() throws {
    let scratch = try Scratch()
    let (process, _) = try Self.start(scratch.arguments(["--duration", "4"]))
    try FirstHourTests.waitFor { FileManager.default.fileExists(atPath: scratch.socket) }
    let sent = try NixieProcess.run([
      "send", "--group-digits", "12345", "--seconds", "1", "--socket", scratch.socket,
    ])
    #expect(sent.status == 0, "\(sent.stderr)")
    let refused = try NixieProcess.run(["send", "--group-digits", "1234567", "--socket", scratch.socket])
    #expect(refused.status == 2)
    #expect(
      refused.stderr.contains("the clock refused") && refused.stderr.contains("needs 9 tubes"),
      "\(refused.stderr)")
    process.waitUntilExit()
    #expect(try scratch.texts().contains("12  3 45"))
  }

  @Test func sendExits69WhenNoClockIsListening() throws {
    let result = try NixieProcess.run([
      "send", "42", "--socket", "/tmp/nixie-nobody-\(UUID().uuidString.prefix(8)).sock",
    ])
    #expect(result.status == 69)
    #expect(result.stderr.contains("no nixie clock is listening"), "\(result.stderr)")
  }

  @Test(arguments: [(["send", "42", "--seconds", "0"], "--seconds"), (["send"], "missing the value")])
  func sendRefusesBadUsageWithTwo(_ arguments: [String], _ named: String) throws {
    let result = try NixieProcess.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(named), "\(result.stderr)")
  }
}
