import Foundation
import Glibc
import Testing

/// `--realtime`: the frame thread at SCHED_FIFO where the system allows it, one warning and
/// the clock running on where it does not.
@Suite(.serialized)
struct RealTimeTests {
  /// The scheduling policy of the clock's frame thread (`nixie-frames`), from /proc: field 41
  /// of the thread's stat (0 SCHED_OTHER, 1 SCHED_FIFO).
  static func framePolicy(of pid: Int32) throws -> Int? {
    let tasks = "/proc/\(pid)/task"
    for task in try FileManager.default.contentsOfDirectory(atPath: tasks) {
      let comm = (try? String(contentsOfFile: "\(tasks)/\(task)/comm", encoding: .utf8)) ?? ""
      guard comm.hasPrefix("nixie-frames"),
        let stat = try? String(contentsOfFile: "\(tasks)/\(task)/stat", encoding: .utf8),
        let close = stat.lastIndex(of: ")")
      else { continue }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      // Fields after the command start at field 3; the policy is field 41.
      return fields.count > 38 ? Int(fields[38]) : nil
    }
    return nil
  }

  /// Root has the permission (CI runs as root).
  @Test(.enabled(if: getuid() == 0)) func whereAllowedTheFrameThreadRunsAtSchedFIFO() throws {
    let clock = try HardeningTests.RunningClock(extra: ["--realtime", "-v"])
    var policy: Int?
    try FirstHourTests.waitFor {
      policy = try? Self.framePolicy(of: clock.process.processIdentifier)
      return policy == 1
    }
    let (status, log) = clock.stop()
    #expect(policy == 1)
    #expect(status == 0 && !log.contains("warning"), "\(log)")
  }

  @Test func withoutPermissionItSaysSoOnceAndRunsOn() throws {
    // No capabilities and an RLIMIT_RTPRIO of 0: what a normal user has.
    let clock = try HardeningTests.RunningClock(
      extra: ["--realtime"],
      launcher: [
        "/usr/bin/prlimit", "--rtprio=0:0", "--", "/usr/bin/setpriv", "--bounding-set=-all",
        "--inh-caps=-all",
      ])
    #expect(try clock.send(["42"]).status == 0)
    #expect(try Self.framePolicy(of: clock.process.processIdentifier) == 0)
    let (status, log) = clock.stop()
    #expect(status == 0, "\(log)")
    let warnings = log.split(separator: "\n").filter { $0.contains("realtime:") }
    #expect(warnings.count == 1 && warnings[0].contains("keeps normal priority"), "\(log)")
  }

  @Test func theDropInAllowsItAndTheUnitWithItStillVerifies() throws {
    let unit = try String(contentsOfFile: try SystemdUnitTests.unitUnderTest().path, encoding: .utf8)
    let dropIn = try String(
      contentsOf: SystemdUnitTests.root.appendingPathComponent("systemd/realtime.conf"), encoding: .utf8)
    #expect(unit.contains("RestrictRealtime=yes"), "the shipped unit keeps real-time off")
    // The drop-in's [Service] lines after the unit's own: what systemd makes of the two.
    let service = dropIn.split(separator: "\n").drop { $0 != "[Service]" }.dropFirst()
      .filter { !$0.hasPrefix("#") }
    let merged = unit.replacingOccurrences(
      of: "[Install]", with: service.joined(separator: "\n") + "\n\n[Install]")
    let folder = try NixieProcess.temporaryFolder()
    let file = folder.appendingPathComponent("nixie-clock.service").path
    try merged.write(toFile: file, atomically: true, encoding: .utf8)
    try SystemdUnitTests.expectVerifies(file)
    let security = try SystemdUnitTests.run(["systemd-analyze", "security", "--offline=true", file])
    #expect(security.stdout.contains("✗ RestrictRealtime="), "\(security.stdout)")
  }
}
