import Foundation

/// Runs the system's own tools (zdump, zic, python3) as oracles. Output goes to a temporary
/// file rather than a pipe, so several can run at once without filling a pipe's buffer.
public enum ToolProcess {
  public struct Failure: Error, CustomStringConvertible {
    public let description: String
  }

  /// A started tool: wait for it with `output()`.
  public struct Running {
    let process: Process
    let outputFile: URL
    let command: String

    /// Standard output, once the tool has exited with status 0.
    public func output() throws -> String {
      process.waitUntilExit()
      defer { try? FileManager.default.removeItem(at: outputFile) }
      guard process.terminationStatus == 0 else {
        throw Failure(description: "\(command) exited with status \(process.terminationStatus)")
      }
      return try String(contentsOf: outputFile, encoding: .utf8)
    }
  }

  /// Starts `executable` (a path) with `arguments`; `input` becomes its standard input.
  public static func start(_ executable: String, _ arguments: [String], input: String? = nil) throws
    -> Running
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-tool-\(UUID().uuidString).out")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: outputFile)
    var inputFile: URL?
    if let input {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "nixie-tool-\(UUID().uuidString).in")
      try Data(input.utf8).write(to: url)
      process.standardInput = try FileHandle(forReadingFrom: url)
      inputFile = url
    }
    try process.run()
    if let inputFile { try? FileManager.default.removeItem(at: inputFile) }
    return Running(
      process: process, outputFile: outputFile,
      command: ([executable] + arguments.prefix(3)).joined(separator: " "))
  }

  /// Runs the tool to the end and returns its standard output.
  public static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> String {
    try start(executable, arguments, input: input).output()
  }

  /// The tool's path when it is installed (tests that need it say so when it is not).
  public static func find(_ name: String) -> String? {
    for folder in ["/usr/bin", "/usr/sbin", "/bin", "/usr/local/bin"]
      + ProcessInfo.processInfo.environment[
        "PATH", default: ""
      ].split(separator: ":").map(String.init)
    {
      let path = folder + "/" + name
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }
}
