import Foundation
import Glibc
import NixieSystem
import NixieTestSupport
import Testing

/// Files nixie writes when the disk fills up: a stream (the frames log, the trace) is left with
/// whole lines, however its writes were cut; and the temporary files an atomic write leaves
/// when the writer is killed are cleaned up by the next writer.
struct FullDiskTests {
  /// Lines of different lengths, flushed in batches that do not fall on page boundaries, into
  /// 16 KiB: the write that meets the end of the disk ends inside a line, and the stream cuts
  /// the file back to the line before.
  @Test(.enabled(if: SmallFileSystem.isAvailable, "mounting a small tmpfs needs root"))
  func aStreamOnAFullDiskEndsWithAWholeLine() throws {
    let disk = try SmallFileSystem(kilobytes: 16)
    let path = disk.path + "/frames.jsonl"
    let stream = try FileStream(writingTo: path)
    for index in 0..<2000 {
      stream.write(
        #"{"n": \#(index), "outputs": [\#(Array(0..<(index % 13)).map(String.init).joined(separator: ", "))]}"#
          + "\n")
      if index % 7 == 6 { stream.flush() }
    }
    stream.flush()
    #expect(
      stream.failure?.description.contains("No space left on device") == true,
      "\(String(describing: stream.failure))")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.utf8.count > 8_000, "the disk held \(text.utf8.count) bytes")
    #expect(text.hasSuffix("\n"), "ends with \(text.suffix(40))")
    for line in text.split(separator: "\n") {
      #expect(line.hasPrefix(#"{"n": "#) && line.hasSuffix("]}"), "\(line)")
    }
  }

  /// The tmp-PID files of writers that are gone (or of this process's PID before it wrote
  /// any, or older than its start) are removed; a live writer's, and other files, are not.
  @Test func staleTemporaryFilesOfAnAtomicWriteAreRemoved() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-stale-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let target = folder.appendingPathComponent("overrides.yaml").path
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    func make(_ name: String, ageSeconds: Int) throws -> String {
      let path = folder.appendingPathComponent(name).path
      try "brightness: 4".write(toFile: path, atomically: false, encoding: .utf8)
      let when = Date().addingTimeInterval(TimeInterval(-ageSeconds))
      try FileManager.default.setAttributes([.modificationDate: when], ofItemAtPath: path)
      return path
    }
    let dead = try make("overrides.yaml.tmp-\(gone.processIdentifier)", ageSeconds: 0)
    let mine = try make("overrides.yaml.tmp-\(getpid())", ageSeconds: 0)
    let reused = try make("overrides.yaml.tmp-1", ageSeconds: 3600)
    let start = Int64(Date().timeIntervalSince1970 * 1e9) - 60_000_000_000
    let live = try make("overrides.yaml.tmp-\(getppid())", ageSeconds: 0)
    let others = try ["overrides.yaml.tmp-x", "other.yaml.tmp-5", "overrides.yaml"].map {
      try make($0, ageSeconds: 0)
    }
    let removed = AtomicFile.removeStaleTemporaries(of: target, startedAt: start)
    #expect(Set(removed) == [dead, mine, reused])
    let left = Set(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).map {
        folder.appendingPathComponent($0).path
      })
    #expect(left == Set([live] + others))
  }
}
