import Foundation
import NixieSystem
import NixieYAMLFiles
import Testing

/// `nixie web` as a user runs it: it refuses the network without a password, stores a password
/// only as a hash, reports a broken settings file with its place, serves the page, and its unit
/// passes systemd's checks with an exposure of at most 1.5.
struct WebCommandTests {
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

  /// A settings file of nixie web 0.3.0, its password a PBKDF2 hash (Python's hashlib made
  /// it, with 1000 iterations, quick in a debug build): the password lets one in, and the login
  /// leaves a yescrypt hash of it in the file, the rest of the file as it was.
  @Test func aLoginWithAnOldPBKDF2HashLeavesAYescryptHashInTheFile() throws {
    let old =
      "pbkdf2-sha256$1000$101112131415161718191a1b1c1d1e1f$"
      + "08e0d530e48dc7cf79e2567d680d1c5f08630b1cb0b63aa51d709bd47df76dcc"
    let folder = try NixieProcess.temporaryFolder()
    let file = folder.appendingPathComponent("web.yaml")
    let before = "# set up in 2026\nlisten:\n  - \"127.0.0.1:0\"\npassword-hash: \"\(old)\"  # by hand\n"
    try before.write(to: file, atomically: true, encoding: .utf8)
    let log = folder.appendingPathComponent("web.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = NixieProcess.binary
    process.arguments = [
      "web", "--config", file.path, "--socket", folder.appendingPathComponent("none.sock").path,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    func logged() -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
    try FirstHourTests.waitFor { logged().contains("serving http://127.0.0.1:") }
    let port = try #require(
      logged().components(separatedBy: "serving http://127.0.0.1:").last?.prefix { $0.isNumber })
    let address = try #require(TCPSocket.Address("127.0.0.1:\(port)"))
    let socket = try TCPSocket.connect(to: address)
    try socket.setReceiveTimeout(milliseconds: 30_000)
    let body = "password=old+clock+password"
    try socket.sendAll(
      Array(
        ("POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
          + "Content-Length: \(body.utf8.count)\r\n\r\n" + body).utf8))
    var reply: [UInt8] = []
    while let chunk = try socket.receiveAvailable(upTo: 65_536), !chunk.isEmpty { reply += chunk }
    #expect(String(decoding: reply, as: UTF8.self).hasPrefix("HTTP/1.1 303 See Other\r\n"))
    try FirstHourTests.waitFor { logged().contains("the password-hash is now yescrypt") }
    let after = try String(contentsOf: file, encoding: .utf8)
    let parts = before.components(separatedBy: old)
    #expect(after.hasPrefix(parts[0] + "$y$jAT$") && after.hasSuffix(parts[1]), "\(after)")
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

  @Test func theUnitVerifiesAndItsExposureIsAtMostOneAndAHalf() throws {
    let path = try SystemdUnitTests.unitUnderTest("nixie-web.service").path
    try SystemdUnitTests.expectVerifies(path)
    let exposure = try SystemdUnitTests.exposure(path)
    #expect(exposure.score <= 1.5, "\(exposure.line)")
  }
}
