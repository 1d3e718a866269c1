import Foundation
import Testing

@testable import NixieMQTT

/// The discovery configs `nixie mqtt` retains, judged by Home Assistant's own code
/// (`Tests/HomeAssistant/check_discovery.py`: its TOPIC_MATCHER, abbreviations, each platform's
/// DISCOVERY_SCHEMA — which drops what it does not know, every dropped key a problem — and
/// PLATFORM_SCHEMA_MODERN). Runs where Home Assistant is installed: `.build/home-assistant`
/// (`Tests/HomeAssistant/install.sh` makes it), or the Python `NIXIE_HOME_ASSISTANT_PYTHON`
/// names; elsewhere it is reported as skipped, never passed. A negative control proves the
/// check can fail.
@Suite(
  .enabled(
    if: HomeAssistantPython.path != nil, "Home Assistant is not installed: Tests/HomeAssistant/install.sh"))
struct HomeAssistantCheckTests {
  /// Runs the check on `lines` (`TOPIC<TAB>PAYLOAD`): its exit status and what it printed.
  static func check(_ lines: [String]) throws -> (status: Int32, output: String) {
    let python = try #require(HomeAssistantPython.path)
    let root = HomeAssistantPython.root
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [root.appendingPathComponent("Tests/HomeAssistant/check_discovery.py").path]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test func everyRetainedConfigIsAcceptedWholeByHomeAssistant() throws {
    let (rig, _) = try BrokerTests.running()
    // The clock's fifteen (nine, and the alarms' six), and tube care's two for each of the board's eight positions.
    var retained: [Subscriber.Message] = []
    #expect(
      try Wait.until(seconds: 20) {
        retained = try rig.broker.retained("homeassistant/#")
        return retained.count == 15 + 16
      })
    let (status, output) = try Self.check(retained.map { "\($0.topic)\t\($0.payload)" })
    #expect(status == 0, "\(output)")
    #expect(
      output.split(separator: "\n").filter { $0.contains(": accepted by Home Assistant") }.count == 31,
      "\(output)")
  }

  /// Each alarm's time (a text with a pattern) and switch, as the bridge publishes them for a
  /// clock with alarms, are accepted whole too.
  @Test func theAlarmsTimesAndSwitchesAreAcceptedWholeByHomeAssistant() throws {
    var state = DiscoveryPayloadTests.state
    state.alarms = BridgeCommandTests.alarms
    let configs = DiscoveryPayloadTests.device.discovery(for: state).filter {
      !$0.payload.isEmpty && $0.topic.contains("/alarm_") && !$0.topic.contains("/button/")
    }
    #expect(configs.count == 4)
    let (status, output) = try Self.check(configs.map { "\($0.topic)\t\($0.payload)" })
    #expect(status == 0, "\(output)")
    #expect(
      output.split(separator: "\n").filter { $0.contains(": accepted by Home Assistant") }.count == 4,
      "\(output)")
  }

  /// A key no schema has is found, whatever the release; so is, by 2024.3, what 0.3.0 sent and
  /// that release dropped (an enum sensor's options; 2025.x keeps them).
  @Test func theCheckFindsWhatHomeAssistantDrops() throws {
    let (status, output) = try Self.check([
      "homeassistant/sensor/x/y/config\t"
        + #"{"name": "S", "unique_id": "u1", "state_topic": "s", "device_class": "enum", "options": ["a", "b"]}"#,
      "homeassistant/switch/x/z/config\t"
        + #"{"name": "W", "unique_id": "u2", "command_topic": "c", "colour": "red"}"#,
    ])
    #expect(status == 1, "\(output)")
    #expect(output.contains("'colour' is dropped"), "\(output)")
  }
}

/// Where Home Assistant's code is, for `HomeAssistantCheckTests`.
enum HomeAssistantPython {
  /// The repository's root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "../.."
  )
  .standardizedFileURL

  /// A Python with Home Assistant installed, if there is one.
  static let path: String? = {
    let candidates: [String?] = [
      ProcessInfo.processInfo.environment["NIXIE_HOME_ASSISTANT_PYTHON"],
      root.appendingPathComponent(".build/home-assistant/bin/python").path,
    ]
    return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()
}
