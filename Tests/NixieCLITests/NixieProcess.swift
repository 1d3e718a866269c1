import Foundation

/// Runs the built `nixie` binary as a user would, capturing what it prints and its exit code.
struct NixieProcess {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The `nixie` next to this test bundle in the build folder.
  static let binary: URL = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundle.appendingPathComponent("nixie")
  }()

  /// The name of the sanitizer this test bundle — and so the `nixie` built with it — runs
  /// under (`Scripts/sanitize`), or nil for a normal build: its runtime's entry point is linked
  /// in. A test whose subject a sanitizer takes away (glibc's malloc tracer) says so and is
  /// not run there.
  static let sanitizer: String? = {
    let runtimes = [("__asan_init", "AddressSanitizer"), ("__tsan_init", "ThreadSanitizer")]
    return runtimes.first { dlsym(UnsafeMutableRawPointer(bitPattern: 0), $0.0) != nil }?.1
  }()

  /// How `--backend hardware` with a built-in board starts failing on a machine with no GPIO
  /// chip: the profiles name the Raspberry Pi header's chip by its labels, and none has them.
  static let noHeaderChip =
    #"nixie: raspberry-pi: open the GPIO chip: not found (no chip is called or labelled "pinctrl-rp1" or "#
    + #""pinctrl-bcm2711" or "pinctrl-bcm2835", nor is compatible with "raspberrypi,rp1-gpio" or "#
    + #""brcm,bcm2711-gpio" or "brcm,bcm2835-gpio")"#

  /// Runs `executable` (the built `nixie` unless told otherwise) with `arguments`.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], executable: URL = binary
  ) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// A fresh temporary folder for files a test makes.
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
