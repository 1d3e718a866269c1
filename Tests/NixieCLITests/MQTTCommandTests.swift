import Foundation
import Testing

/// `nixie mqtt` as a user starts it: the unit's checks, `--check-broker` (the unit's
/// ExecCondition), bad settings with their place and exit code. (The bridge itself is tested
/// against a real broker in NixieMQTTTests.)
struct MQTTCommandTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL

  /// A settings file with `text`.
  static func file(_ text: String) throws -> URL {
    let file = try NixieProcess.temporaryFolder().appendingPathComponent("mqtt.yaml")
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test func checkBrokerSaysWhetherABrokerIsNamed() throws {
    let none = try NixieProcess.run(["mqtt", "--check-broker", "--config", try Self.file("# nothing\n").path])
    #expect(none.status == 1)
    #expect(
      none.stderr.contains("no MQTT broker named: set 'broker:' in /etc/nixie/mqtt.yaml"), "\(none.stderr)")
    let named = try NixieProcess.run([
      "mqtt", "--check-broker", "--config", try Self.file("broker: mqtt.local\n").path,
    ])
    #expect(named.status == 0, "\(named.stderr)")
    let option = try NixieProcess.run([
      "mqtt", "--check-broker", "--config", try Self.file("").path, "--broker", "h:1",
    ])
    #expect(option.status == 0, "\(option.stderr)")
  }

  @Test(arguments: [
    ("port: 70000\n", 65, "mqtt.yaml:1:1: port must be between 1 and 65535"),
    ("broker: [\n", 65, "mqtt.yaml:2:1: YAML syntax"),
  ])
  func aBrokenSettingsFileIsReportedWithItsPlace(_ text: String, _ status: Int32, _ message: String) throws {
    let result = try NixieProcess.run(["mqtt", "--config", try Self.file(text).path])
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  @Test(arguments: [
    (["--broker", "host:99999"], "--broker: expected HOST or HOST:PORT"),
    (["--broker", "h", "--node-id", "my clock"], "--node-id: a node id holds only letters"),
    (["--broker", "h", "--prefix", "home/#"], "--prefix: a prefix is a topic without wildcards"),
    (["--remove", "--check-broker"], "--remove and --check-broker do not go together"),
  ])
  func badOptionsAreBadUsage(_ arguments: [String], _ message: String) throws {
    let result = try NixieProcess.run(["mqtt", "--config", try Self.file("").path] + arguments)
    #expect(result.status == 2)
    #expect(result.stderr.contains(message), "\(result.stderr)")
  }

  /// The unit with ExecStart pointing at the binary under test (verify checks it exists).
  static func unit() throws -> (path: String, text: String) {
    let text = try String(
      contentsOf: root.appendingPathComponent("systemd/nixie-mqtt.service"), encoding: .utf8)
    let file = try NixieProcess.temporaryFolder().appendingPathComponent("nixie-mqtt.service")
    try text.replacingOccurrences(of: "/usr/local/bin/nixie", with: NixieProcess.binary.path)
      .write(to: file, atomically: true, encoding: .utf8)
    return (file.path, text)
  }

  @Test func theUnitVerifiesItsExposureIsAtMostOneAndAHalfAndItsNetworkIsThisMachine() throws {
    let (path, text) = try Self.unit()
    let verify = try NixieProcess.run(
      ["systemd-analyze", "verify", path], executable: URL(fileURLWithPath: "/usr/bin/env"))
    #expect(verify.status == 0, "\(verify.stderr)")
    #expect(verify.stderr.isEmpty, "\(verify.stderr)")
    let security = try NixieProcess.run(
      ["systemd-analyze", "security", "--offline=true", path],
      executable: URL(fileURLWithPath: "/usr/bin/env"))
    let line = try #require(
      security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") })
    let score = try #require(
      line.split(separator: " ").compactMap { Double($0) }.first, "no score in \(line)")
    #expect(score <= 1.5, "\(line)")
    let settings = Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
    for setting in [
      "DynamicUser=yes", "SupplementaryGroups=nixie", "CapabilityBoundingSet=", "IPAddressDeny=any",
      "IPAddressAllow=localhost", "LoadCredential=nixie-mqtt-password",
      "ExecCondition=/usr/local/bin/nixie mqtt --check-broker --config /etc/nixie/mqtt.yaml",
    ] {
      #expect(settings.contains(setting), "\(setting)")
    }
  }
}
