import NixieText
import Testing

@testable import NixieMQTT

/// The discovery configs, without a broker: each one against Home Assistant's documented schema
/// (`HomeAssistantSchema`), then field by field against what docs/INTERFACE.md's entity table
/// promises.
struct DiscoveryPayloadTests {
  static let device = HomeAssistantDevice(
    topics: BridgeTopics(prefix: "homeassistant", node: "kitchen"), name: "Nixie clock kitchen",
    version: "0.3.0")

  static var state: ClockState {
    var state = ClockState()
    state.board = "ncs314"
    state.faces = [
      .pattern("HH:mm:ss"), .pattern("dd.MM.yy"), .topic("home/outdoor/temperature"), .pattern("HH:mm:ss"),
    ]
    return state
  }

  /// Each config, by its topic, as JSON.
  static func configs() throws -> [String: JSONValue] {
    var configs: [String: JSONValue] = [:]
    for (topic, payload) in device.discovery(for: state) {
      configs[topic] = try JSONReader.read(Array(payload.utf8))
    }
    return configs
  }

  @Test func everyConfigKeepsToHomeAssistantsDocumentedSchema() throws {
    let configs = try Self.configs()
    #expect(configs.count == 8)
    for (topic, payload) in configs {
      #expect(HomeAssistantSchema.topicProblems(topic, prefix: "homeassistant").isEmpty, "\(topic)")
      let component = String(topic.split(separator: "/")[1])
      let problems = HomeAssistantSchema.problems(component: component, payload: payload)
      #expect(problems.isEmpty, "\(topic): \(problems)")
    }
  }

  /// The schema check itself finds what it is there to find.
  @Test(arguments: [
    (
      "light", #"{"command_topic": "a", "brigtness_scale": 100}"#,
      "'brigtness_scale' is not a documented variable"
    ),
    ("select", #"{"command_topic": "a"}"#, "the required 'options' is missing"),
    ("sensor", #"{"state_topic": "a", "options": ["x"]}"#, "options without device_class enum"),
    ("sensor", #"{"state_topic": "a", "entity_category": "config"}"#, "is not one of"),
    ("number", #"{"command_topic": "a", "min": 5, "max": 5}"#, "min 5.0 not below max"),
    ("text", #"{"command_topic": "a", "max": 300}"#, "max above 255"),
    ("switch", #"{"command_topic": "a", "device": {"name": "x"}}"#, "neither identifiers nor connections"),
    ("light", #"{"command_topic": "a", "brightness_scale": "100"}"#, "not a integer"),
  ])
  func theSchemaCheckFindsAMistake(_ component: String, _ payload: String, _ expected: String) throws {
    let problems = HomeAssistantSchema.problems(
      component: component, payload: try JSONReader.read(Array(payload.utf8)))
    #expect(problems.contains { $0.contains(expected) }, "\(problems)")
  }

  /// (config topic, member, the value expected, as JSON text).
  static let fields: [(String, String, String)] = [
    ("light/kitchen/tubes", "name", #""Tubes""#),
    ("light/kitchen/tubes", "unique_id", #""nixie_kitchen_tubes""#),
    ("light/kitchen/tubes", "command_topic", #""nixie/kitchen/display/set""#),
    ("light/kitchen/tubes", "state_topic", #""nixie/kitchen/display/state""#),
    ("light/kitchen/tubes", "brightness_command_topic", #""nixie/kitchen/brightness/set""#),
    ("light/kitchen/tubes", "brightness_state_topic", #""nixie/kitchen/brightness/state""#),
    ("light/kitchen/tubes", "brightness_scale", "100"),
    ("text/kitchen/show", "command_topic", #""nixie/kitchen/show/set""#),
    ("text/kitchen/show", "state_topic", #""nixie/kitchen/show/state""#),
    ("text/kitchen/show", "max", "64"),
    ("text/kitchen/show", "min", "0"),
    ("number/kitchen/show_seconds", "command_topic", #""nixie/kitchen/show-seconds/set""#),
    ("number/kitchen/show_seconds", "min", "1"),
    ("number/kitchen/show_seconds", "max", "3600"),
    ("number/kitchen/show_seconds", "unit_of_measurement", #""s""#),
    ("number/kitchen/show_seconds", "entity_category", #""config""#),
    ("number/kitchen/fade", "state_topic", #""nixie/kitchen/fade-ms/state""#),
    ("number/kitchen/fade", "min", "0"),
    ("number/kitchen/fade", "max", "60000"),
    ("number/kitchen/fade", "unit_of_measurement", #""ms""#),
    ("select/kitchen/face", "command_topic", #""nixie/kitchen/face/set""#),
    (
      "select/kitchen/face", "options",
      #"["rotation", "HH:mm:ss", "dd.MM.yy", "home/outdoor/temperature", "HH:mm:ss (2)"]"#
    ),
    ("switch/kitchen/night", "command_topic", #""nixie/kitchen/night/set""#),
    ("switch/kitchen/night", "state_topic", #""nixie/kitchen/night/state""#),
    ("sensor/kitchen/synchronised", "state_topic", #""nixie/kitchen/synchronised/state""#),
    ("sensor/kitchen/synchronised", "device_class", #""enum""#),
    ("sensor/kitchen/synchronised", "options", #"["synchronised", "unsynchronised"]"#),
    ("sensor/kitchen/synchronised", "entity_category", #""diagnostic""#),
    ("sensor/kitchen/started", "device_class", #""timestamp""#),
    ("sensor/kitchen/started", "state_topic", #""nixie/kitchen/started/state""#),
  ]

  @Test(arguments: fields)
  func aConfigCarriesWhatTheEntityTableSays(_ config: String, _ member: String, _ expected: String) throws {
    let payload = try #require(try Self.configs()["homeassistant/\(config)/config"], "no \(config)")
    let value = try JSONReader.read(Array(expected.utf8))
    #expect(payload[member] == value, "\(config).\(member)")
  }

  @Test func everyEntityIsOfOneDeviceWithItsOwnUniqueID() throws {
    let configs = try Self.configs()
    let ids = configs.values.compactMap { $0["unique_id"] }
    #expect(Set(ids).count == configs.count)
    let device = try JSONReader.read(
      Array(
        #"{"identifiers": ["nixie_kitchen"], "name": "Nixie clock kitchen", "manufacturer": "nixie", "model": "ncs314", "sw_version": "0.3.0"}"#
          .utf8))
    for (topic, payload) in configs {
      #expect(payload["device"] == device, "\(topic)")
      #expect(payload["availability_topic"] == .string("nixie/kitchen/availability"), "\(topic)")
    }
  }

  @Test func theStatesSayWhatTheClockDoes() throws {
    var state = Self.state
    state.brightness = 40
    state.displayOn = false
    state.night = true
    state.chosenFace = 3
    state.message = "12:34"
    state.synchronised = false
    let states = Dictionary(
      uniqueKeysWithValues: Self.device.states(for: state, started: 1_795_000_000_123_456_789).map {
        ($0.topic, $0.payload)
      })
    #expect(
      states == [
        "nixie/kitchen/display/state": "OFF", "nixie/kitchen/brightness/state": "40",
        "nixie/kitchen/show/state": "12:34", "nixie/kitchen/show-seconds/state": "5",
        "nixie/kitchen/fade-ms/state": "500", "nixie/kitchen/face/state": "HH:mm:ss (2)",
        "nixie/kitchen/night/state": "ON", "nixie/kitchen/synchronised/state": "unsynchronised",
        "nixie/kitchen/started/state": "2026-11-18T11:06:40Z",
      ])
  }

  @Test func removalEmptiesEveryConfigAndState() {
    let topics = Self.device.retainedTopics
    #expect(topics.filter { $0.hasPrefix("homeassistant/") }.count == 8)
    #expect(topics.contains("nixie/kitchen/availability"))
    #expect(Set(topics).count == topics.count)
  }
}
