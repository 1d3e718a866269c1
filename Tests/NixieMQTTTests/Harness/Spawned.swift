import Foundation
import Glibc

/// A process a test starts — a broker, a clock, the bridge, a subscriber — with its standard
/// output and error in files the test reads while it runs. It is ended (SIGTERM, then SIGKILL)
/// when the test lets go of it, by its own process id.
final class Spawned {
  let name: String
  let process = Process()
  let outputFile: URL
  let errorFile: URL

  init(_ name: String, _ executable: String, _ arguments: [String], in folder: URL) throws {
    self.name = name
    let unique = UUID().uuidString.prefix(8)
    outputFile = folder.appendingPathComponent("\(name)-\(unique).out")
    errorFile = folder.appendingPathComponent("\(name)-\(unique).err")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    process.standardError = try FileHandle(forWritingTo: errorFile)
    process.standardInput = FileHandle.nullDevice
    try process.run()
  }

  deinit { stop(signal: SIGKILL) }

  var pid: Int32 { process.processIdentifier }

  /// What it printed so far.
  var output: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
  var errors: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

  /// Its peak resident memory so far in KiB (`VmHWM`), or nil once it has ended.
  var peakKiB: Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return nil }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
  }

  /// Sends `signal` and waits (at most 10 s) for it to end; returns its exit status.
  @discardableResult
  func stop(signal: Int32 = SIGTERM) -> Int32? {
    guard process.isRunning else { return process.terminationStatus }
    kill(pid, signal)
    guard Wait.until(seconds: 10, { !self.process.isRunning }) else {
      kill(pid, SIGKILL)
      process.waitUntilExit()
      return nil
    }
    process.waitUntilExit()
    return process.terminationStatus
  }
}

/// Bounded waits for something to happen, looked at every `every` seconds (20 ms).
enum Wait {
  /// Whether `condition` came true within `seconds`.
  static func until(seconds: Double, every: Double = 0.02, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      if try condition() { return true }
      if Date() > deadline { return false }
      usleep(UInt32(every * 1_000_000))
    }
  }
}

/// A failure of the harness itself, with what it was waiting for.
struct HarnessError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
