import Foundation
import Testing

/// `nixie web` as a user runs it: it refuses the network without a password, stores a password
/// only as a hash, reports a broken settings file with its place, serves the page, and its unit
/// passes systemd's checks with an exposure of at most 1.5.
struct WebCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL

  @Test func listeningBeyondThisMachineNeedsAPassword() throws {
    let result = try NixieProcess.run(["web", "--config", "/nonexistent/web.yaml", "--listen", "0.0.0.0:0"])
    #expect(result.status == 65 || result.status == 2, "\(result.stderr)")
    let open = try NixieProcess.run(["web", "--listen", "0.0.0.0:0", "--config", try Self.emptyConfig()])
    #expect(open.status == 2)
    #expect(open.stderr.contains("would open the clock to the network without a password"), "\(open.stderr)")
  }

  static func emptyConfig() throws -> String {
    let file = try NixieProcess.temporaryFolder().appendingPathComponent("web.yaml")
    try "# nothing\n".write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  @Test func aPasswordIsStoredAsAHashOnlyAndThenTheNetworkIsAllowed() throws {
    let folder = try NixieProcess.temporaryFolder()
    let file = folder.appendingPathComponent("web.yaml")
    let process = Process()
    process.executableURL = NixieProcess.binary
    process.arguments = ["web", "--config", file.path, "--set-password"]
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    input.fileHandleForWriting.write(Data("tube glow 1971\n".utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("password-hash: \"$y$jAT$"))
    #expect(!text.contains("tube glow"))
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["web.yaml"])
  }

  @Test(arguments: [
    ("listen: 8080\n", "web.yaml:1:1: listen: '8080' is not ADDRESS:PORT"),
    ("password-hash: secret\n", "web.yaml:1:1: password-hash is not one nixie web wrote"),
    ("port: 80\n", "web.yaml:1:1: unknown key 'port'"),
    ("socket: relative.sock\n", "web.yaml:1:1: socket must be an absolute path"),
  ])
  func aBrokenSettingsFileIsReportedWithItsPlace(_ text: String, _ message: String) throws {
    let file = try NixieProcess.temporaryFolder().appendingPathComponent("web.yaml")
    try text.write(to: file, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(["web", "--config", file.path])
    #expect(result.status == 65)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  /// The unit with ExecStart pointing at the binary under test (verify checks it exists).
  static func unit() throws -> String {
    let text = try String(
      contentsOf: root.appendingPathComponent("systemd/nixie-web.service"), encoding: .utf8)
    let file = try NixieProcess.temporaryFolder().appendingPathComponent("nixie-web.service")
    try text.replacingOccurrences(of: "/usr/local/bin/nixie", with: NixieProcess.binary.path)
      .write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  @Test func theUnitVerifiesAndItsExposureIsAtMostOneAndAHalf() throws {
    let verify = try NixieProcess.run(
      ["systemd-analyze", "verify", try Self.unit()], executable: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(verify.status == 0, "\(verify.stderr)")
    #expect(verify.stderr.isEmpty, "\(verify.stderr)")
    let security = try NixieProcess.run(
      ["systemd-analyze", "security", "--offline=true", try Self.unit()],
      executable: URL(fileURLWithPath: "/usr/bin/env"))
    let line = try #require(
      security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") })
    let score = try #require(
      line.split(separator: " ").compactMap { Double($0) }.first, "no score in \(line)")
    #expect(score <= 1.5, "\(line)")
  }
}
