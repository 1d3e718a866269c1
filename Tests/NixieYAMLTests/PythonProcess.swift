import Foundation

/// Runs `python3` for the PyYAML oracle, capturing what it prints (the oracle writes little to
/// standard error, so reading the two pipes one after the other cannot stall it).
enum PythonProcess {
  struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static func run(_ arguments: [String]) throws -> Output {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Output(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  /// Whether `python3 -c 'import yaml'` works here.
  static let hasPyYAML: Bool = (try? run(["-c", "import yaml"]).status) == 0
}
