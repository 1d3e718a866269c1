import Foundation
import NixieYAMLFiles
import Testing

/// `nixie mqtt` as a user starts it: the unit's checks, `--check-broker` (the unit's
/// ExecCondition), bad settings with their place and exit code. (The bridge itself is tested
/// against a real broker in NixieMQTTTests.)
struct MQTTCommandTests {
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

  @Test func theUnitVerifiesItsExposureIsAtMostOneAndAHalfAndItsNetworkIsThisMachine() throws {
    let (path, text) = try SystemdUnitTests.unitUnderTest("nixie-mqtt.service")
    try SystemdUnitTests.expectVerifies(path)
    let exposure = try SystemdUnitTests.exposure(path)
    #expect(exposure.score <= 1.5, "\(exposure.line)")
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
