import Foundation
import NixieBoards
import NixieCore
import Testing

@testable import NixieMQTT

/// `mqtt.yaml` and the command line: the shipped example, defaults, every mistake with its
/// file:line:column, the password read from its file (never from the YAML), `--broker`.
struct MQTTConfigurationTests {
  static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../systemd/mqtt.yaml.example").standardizedFileURL.path

  static func parse(_ yaml: String) throws -> MQTTConfiguration {
    try MQTTConfiguration.parse(bytes: Array(yaml.utf8), file: "mqtt.yaml")
  }

  @Test func theInstalledExampleSetsNothing() throws {
    #expect(try MQTTConfiguration.load(Self.example) == MQTTConfiguration())
  }

  /// Every commented setting of the example switched on reads as the example says.
  @Test func theExampleWithEverySettingOnReads() throws {
    let text = try String(contentsOfFile: Self.example, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false
    ).map { line in
      line.hasPrefix("#") && line.dropFirst().first?.isLowercase == true
        ? String(line.dropFirst()) : String(line)
    }.joined(separator: "\n")
    let configuration = try Self.parse(text)
    #expect(configuration.broker == "192.168.1.5")
    #expect(configuration.resolvedPort == 8883 && configuration.tls)
    #expect(configuration.username == "nixie")
    #expect(configuration.passwordFile == nil)
    #expect(configuration.prefix == "homeassistant" && configuration.nodeID == "kitchen")
    #expect(!configuration.groupDigits)
    #expect(try Self.parse("group-digits: true\n").groupDigits)
  }

  @Test func theDefaultsAreThisMachinesBrokerAndTheHostName() throws {
    let configuration = try Self.parse("# nothing\n")
    #expect(configuration.host == "127.0.0.1" && configuration.resolvedPort == 1883)
    #expect(configuration.prefix == "homeassistant")
    #expect(configuration.resolvedNodeID(hostName: "nixie-kitchen.local") == "nixie-kitchen_local")
    #expect(configuration.resolvedNodeID(hostName: "") == "nixie")
    #expect(configuration.resolvedName(nodeID: "hall") == "Nixie clock hall")
    var tls = configuration
    tls.tls = true
    #expect(tls.resolvedPort == 8883)
  }

  @Test(arguments: [
    ("brokr: a\n", "mqtt.yaml:1:1: unknown key 'brokr' at the top level (did you mean 'broker'?)"),
    ("broker: \"\"\n", "mqtt.yaml:1:1: broker: a broker's host has 1 to 253 characters"),
    ("broker: \"a b\"\n", "mqtt.yaml:1:1: broker: a broker is a host name or address"),
    ("port: 0\n", "mqtt.yaml:1:1: port must be between 1 and 65535"),
    ("tls: maybe\n", "mqtt.yaml:1:1: tls must be true or false"),
    ("ca-file: /etc/ca.pem\n", "mqtt.yaml:1:1: ca-file is for tls: true"),
    ("ca-file: ca.pem\ntls: true\n", "mqtt.yaml:1:1: ca-file: must be an absolute path"),
    ("password-file: /etc/nixie/mqtt-password\n", "mqtt.yaml:1:1: password-file needs a username"),
    ("password: secret\n", "mqtt.yaml:1:1: unknown key 'password'"),
    ("prefix: home/\n", "mqtt.yaml:1:1: prefix: a prefix is a topic without wildcards"),
    ("prefix: \"#\"\n", "mqtt.yaml:1:1: prefix:"),
    ("node-id: kitchen clock\n", "mqtt.yaml:1:1: node-id: a node id holds only letters, digits, '_' and '-'"),
    ("socket: clock.sock\n", "mqtt.yaml:1:1: socket: must be an absolute path of at most 107 bytes"),
    ("keepalive-seconds: 1\n", "mqtt.yaml:1:1: keepalive-seconds must be between 5 and 3600"),
    ("username: \"\"\n", "mqtt.yaml:1:1: username: a user name has 1 to 256 printable characters"),
    ("broker: [a\n", "mqtt.yaml:2:1: YAML syntax"),
  ])
  func aMistakeIsReportedWithItsPlace(_ yaml: String, _ expected: String) {
    #expect {
      _ = try Self.parse(yaml)
    } throws: { error in
      "\(error)".hasPrefix(expected)
    }
  }

  static let brokers: [(String, String, Int?)] = [
    ("mqtt.local", "mqtt.local", nil), ("10.0.0.2:1884", "10.0.0.2", 1884), ("[::1]:8883", "::1", 8883),
    ("[fd00::5]", "fd00::5", nil),
  ]

  @Test(arguments: brokers)
  func brokerTakesAHostAndAPort(_ text: String, _ host: String, _ port: Int?) throws {
    let parsed = try #require(MQTTConfiguration.broker(text))
    #expect(parsed.host == host && parsed.port == port)
  }

  @Test(arguments: ["", "host:0", "host:65536", "host:x", "[::1]x", "a b", "a/b"])
  func brokerRefusesWhatIsNoBroker(_ text: String) {
    #expect(MQTTConfiguration.broker(text) == nil)
  }

  /// The password comes from its file's first line, or the unit's credential; never from YAML.
  @Test func thePasswordIsReadFromItsFileOrTheCredential() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "nixie-pw-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("password")
    try "s3cret word\nignored\n".write(to: file, atomically: true, encoding: .utf8)
    try "from systemd\n".write(
      to: folder.appendingPathComponent("nixie-mqtt-password"), atomically: true, encoding: .utf8)
    let job = MQTTJob(configurationPath: nil, version: "0", logger: .init(label: "t"))
    var configuration = MQTTConfiguration()
    #expect(try job.password(configuration) == nil)
    configuration.username = "nixie"
    let credentials: (String) -> String? = { $0 == "CREDENTIALS_DIRECTORY" ? folder.path : nil }
    #expect(try job.password(configuration, environment: credentials) == "from systemd")
    #expect(try job.password(configuration, environment: { _ in nil }) == nil)
    configuration.passwordFile = file.path
    #expect(try job.password(configuration, environment: credentials) == "s3cret word")
    configuration.passwordFile = folder.appendingPathComponent("missing").path
    #expect {
      _ = try job.password(configuration)
    } throws: { error in
      (error as? NixieError)?.kind == .badConfiguration && !"\(error)".contains("s3cret")
    }
  }
}
