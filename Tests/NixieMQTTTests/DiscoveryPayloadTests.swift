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

  /// Each config, by its topic, as JSON (the empty ones, which remove an entity, left out).
  static func configs(_ state: ClockState = state) throws -> [String: JSONValue] {
    var configs: [String: JSONValue] = [:]
    for (topic, payload) in device.discovery(for: state) where !payload.isEmpty {
      configs[topic] = try JSONReader.read(Array(payload.utf8))
    }
    return configs
  }

  @Test func everyConfigKeepsToHomeAssistantsDocumentedSchema() throws {
    let configs = try Self.configs()
    #expect(configs.count == 15)
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
    (
      "number", #"{"command_topic": "a", "device_class": "duration", "unit_of_measurement": "sec"}"#,
      "duration in 'sec'"
    ),
    ("binary_sensor", #"{"state_topic": "a", "device_class": "trouble"}"#, "is not one of"),
    ("switch", #"{"command_topic": "a", "icon": "weather-night"}"#, "is not mdi:NAME"),
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
    ("light/kitchen/tubes", "icon", #""mdi:clock-digital""#),
    ("text/kitchen/show", "name", #""Show value""#),
    ("text/kitchen/show", "command_topic", #""nixie/kitchen/show/set""#),
    ("text/kitchen/show", "state_topic", #""nixie/kitchen/show/state""#),
    ("text/kitchen/show", "max", "64"),
    ("text/kitchen/show", "min", "0"),
    ("text/kitchen/show", "icon", #""mdi:numeric""#),
    ("number/kitchen/show_seconds", "name", #""Value shown for""#),
    ("number/kitchen/show_seconds", "command_topic", #""nixie/kitchen/show-seconds/set""#),
    ("number/kitchen/show_seconds", "min", "1"),
    ("number/kitchen/show_seconds", "max", "3600"),
    ("number/kitchen/show_seconds", "unit_of_measurement", #""s""#),
    ("number/kitchen/show_seconds", "device_class", #""duration""#),
    ("number/kitchen/show_seconds", "entity_category", #""config""#),
    ("number/kitchen/fade", "name", #""Fade time""#),
    ("number/kitchen/fade", "state_topic", #""nixie/kitchen/fade-ms/state""#),
    ("number/kitchen/fade", "min", "0"),
    ("number/kitchen/fade", "max", "60000"),
    ("number/kitchen/fade", "unit_of_measurement", #""ms""#),
    ("number/kitchen/fade", "device_class", #""duration""#),
    ("select/kitchen/face", "command_topic", #""nixie/kitchen/face/set""#),
    (
      "select/kitchen/face", "options",
      #"["All faces in turn", "Time HH:mm:ss", "Date dd.MM.yy", "Value of home/outdoor/temperature", "Time HH:mm:ss (face 4)"]"#
    ),
    ("switch/kitchen/night", "command_topic", #""nixie/kitchen/night/set""#),
    ("switch/kitchen/night", "state_topic", #""nixie/kitchen/night/state""#),
    ("switch/kitchen/night", "icon", #""mdi:weather-night""#),
    ("binary_sensor/kitchen/synchronised", "name", #""Time synchronisation""#),
    ("binary_sensor/kitchen/synchronised", "state_topic", #""nixie/kitchen/synchronised/state""#),
    ("binary_sensor/kitchen/synchronised", "device_class", #""problem""#),
    ("binary_sensor/kitchen/synchronised", "payload_on", #""unsynchronised""#),
    ("binary_sensor/kitchen/synchronised", "payload_off", #""synchronised""#),
    ("binary_sensor/kitchen/synchronised", "entity_category", #""diagnostic""#),
    ("sensor/kitchen/started", "name", #""Running since""#),
    ("sensor/kitchen/started", "device_class", #""timestamp""#),
    ("sensor/kitchen/started", "state_topic", #""nixie/kitchen/started/state""#),
    ("sensor/kitchen/status", "name", #""Last refusal""#),
    ("sensor/kitchen/status", "state_topic", #""nixie/kitchen/status""#),
    ("sensor/kitchen/status", "entity_category", #""diagnostic""#),
    ("button/kitchen/alarm_snooze", "name", #""Snooze alarm""#),
    ("button/kitchen/alarm_snooze", "command_topic", #""nixie/kitchen/alarm-snooze/set""#),
    ("button/kitchen/alarm_stop", "command_topic", #""nixie/kitchen/alarm-stop/set""#),
    ("button/kitchen/alarm_skip_next", "command_topic", #""nixie/kitchen/alarm-skip-next/set""#),
    ("sensor/kitchen/next_alarm", "device_class", #""timestamp""#),
    ("sensor/kitchen/next_alarm", "state_topic", #""nixie/kitchen/next-alarm/state""#),
    ("event/kitchen/alarm", "event_types", #"["alarm_rang", "timer_done"]"#),
    ("event/kitchen/alarm", "state_topic", #""nixie/kitchen/alarm-event/state""#),
    ("number/kitchen/countdown", "command_topic", #""nixie/kitchen/countdown/set""#),
    ("number/kitchen/countdown", "max", "1440"),
    ("number/kitchen/countdown", "unit_of_measurement", #""min""#),
  ]

  /// Every entity has an icon, or a device class whose icons say its state.
  @Test func everyEntityHasAnIcon() throws {
    for (topic, payload) in try Self.configs() {
      #expect(payload["icon"] != nil || payload["device_class"] == .string("problem"), "\(topic)")
    }
  }

  /// Names read after the device's without repeating it ("Nixie clock kitchen Clock
  /// synchronised"), and no two alike.
  @Test func namesDoNotRepeatTheDevice() throws {
    let names = try Self.configs().values.compactMap { payload -> String? in
      guard case .string(let name)? = payload["name"] else { return nil }
      return name
    }
    #expect(names.count == 15 && Set(names).count == 15)
    for name in names {
      #expect(!name.lowercased().contains("clock") && !name.lowercased().contains("nixie"), "\(name)")
    }
  }

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
        "nixie/kitchen/fade-ms/state": "500", "nixie/kitchen/face/state": "Time HH:mm:ss (face 4)",
        "nixie/kitchen/night/state": "ON", "nixie/kitchen/synchronised/state": "unsynchronised",
        "nixie/kitchen/started/state": "2026-11-18T11:06:40Z", "nixie/kitchen/next-alarm/state": "None",
      ])
  }

  /// The event entity hears an alarm once each time the bell starts ringing (again after a
  /// snooze too), the timer's as `timer_done`; a bridge that connects to a ringing clock, or a
  /// bell that goes on ringing, sends none.
  @Test func theAlarmEventFiresWhenTheBellStartsRinging() throws {
    var silent = Self.state
    silent.nextAlarm = "2026-12-08T06:00:00Z"
    var ringing = silent
    ringing.alarmBell = "ringing"
    var timer = ringing
    timer.alarmTimer = true
    var snoozed = silent
    snoozed.alarmBell = "snoozed"
    let rang = try #require(Self.device.alarmEvent(from: silent, to: ringing))
    #expect(
      rang.topic == "nixie/kitchen/alarm-event/state" && rang.payload == #"{"event_type": "alarm_rang"}"#)
    #expect(Self.device.alarmEvent(from: snoozed, to: ringing)?.payload == #"{"event_type": "alarm_rang"}"#)
    #expect(Self.device.alarmEvent(from: silent, to: timer)?.payload == #"{"event_type": "timer_done"}"#)
    #expect(Self.device.alarmEvent(from: ringing, to: ringing) == nil)
    #expect(Self.device.alarmEvent(from: nil, to: ringing) == nil)
    #expect(Self.device.alarmEvent(from: ringing, to: snoozed) == nil)
    let states = Dictionary(
      uniqueKeysWithValues: Self.device.states(for: silent, started: nil).map { ($0.topic, $0.payload) })
    #expect(states["nixie/kitchen/next-alarm/state"] == "2026-12-08T06:00:00Z")
  }

  @Test func removalEmptiesEveryConfigAndState() {
    let topics = Self.device.retainedTopics
    // The configs, tube care's two for each of up to 16 positions, two for each of up to 20
    // alarms, and 0.3.0's synchronisation sensor, retired.
    #expect(topics.filter { $0.hasPrefix("homeassistant/") }.count == 16 + 32 + 40)
    #expect(topics.contains("homeassistant/sensor/kitchen/tube_16_least_used/config"))
    #expect(topics.contains("nixie/kitchen/tube-16-glow/state"))
    #expect(topics.contains("homeassistant/sensor/kitchen/synchronised/config"))
    #expect(topics.contains("nixie/kitchen/availability"))
    #expect(Set(topics).count == topics.count)
  }

  /// The clock's `wear` answer as `nixie wear --json` documents it, read leniently.
  static let wearAnswer = #"""
    {"tubes": [
      {"model": "IN-14", "seconds": 45000.5, "cathodes": {"1": 45000.5, "8": 9},
       "least_used": [{"cathode": "8", "seconds": 9, "share": 0.0123}]},
      {"model": "IN-14", "seconds": 0, "cathodes": {"1": 0}, "least_used": [{"cathode": "1", "seconds": 0, "share": 0}]},
      {"model": "IN-14", "seconds": -5, "least_used": [{"share": 2}]}
    ]}
    """#

  @Test func tubeCareReadsTheCountLeniently() throws {
    let wear = try #require(TubeWear.positions(in: try JSONReader.read(Array(Self.wearAnswer.utf8))))
    #expect(
      wear == [
        TubeWear(hours: 12.5, leastUsedPercent: 1.2), TubeWear(hours: 0, leastUsedPercent: nil),
        TubeWear(hours: 0, leastUsedPercent: nil),
      ])
    #expect(TubeWear.positions(in: try JSONReader.read(Array(#"{"tubes": 3}"#.utf8))) == nil)
  }

  @Test func tubeCareSensorsKeepToTheSchemaAndSayTheCount() throws {
    let wear = try #require(TubeWear.positions(in: try JSONReader.read(Array(Self.wearAnswer.utf8))))
    let configs = Self.device.discovery(for: Self.state, wear: wear).filter { $0.topic.contains("/tube_") }
    #expect(configs.count == 6)
    for (topic, payload) in configs {
      let json = try JSONReader.read(Array(payload.utf8))
      #expect(HomeAssistantSchema.problems(component: "sensor", payload: json).isEmpty, "\(topic)")
      #expect(json["entity_category"] == .string("diagnostic"))
    }
    let states = Dictionary(
      uniqueKeysWithValues: Self.device.wearStates(Array(wear.prefix(2))).map { ($0.topic, $0.payload) })
    #expect(
      states == [
        "nixie/kitchen/tube-1-glow/state": "12.5", "nixie/kitchen/tube-1-least-used/state": "1.2",
        "nixie/kitchen/tube-2-glow/state": "0.0", "nixie/kitchen/tube-2-least-used/state": "None",
      ])
  }

  /// Each alarm of the settings is a text (its time, `HH:MM`) and a switch, numbered from 1;
  /// the numbers the clock has not get empty configs, so alarms a shorter list dropped leave
  /// no entity behind; `--remove` clears all twenty.
  @Test func eachAlarmIsATimeAndASwitchAndTheRestAreRemoved() throws {
    var state = Self.state
    state.alarms = BridgeCommandTests.alarms
    let discovery = Self.device.discovery(for: state)
    let configs = try Self.configs(state)
    #expect(configs.count == 15 + 4)
    for (topic, payload) in configs {
      let component = String(topic.split(separator: "/")[1])
      #expect(HomeAssistantSchema.problems(component: component, payload: payload).isEmpty, "\(topic)")
    }
    let time = try #require(configs["homeassistant/text/kitchen/alarm_2_time/config"])
    #expect(time["name"] == .string("Alarm 2 time"))
    #expect(time["pattern"] == .string(#"^\d{2}:\d{2}$"#))
    #expect(time["command_topic"] == .string("nixie/kitchen/alarm-2-time/set"))
    #expect(time["state_topic"] == .string("nixie/kitchen/alarm-2-time/state"))
    let toggle = try #require(configs["homeassistant/switch/kitchen/alarm_1/config"])
    #expect(toggle["name"] == .string("Alarm 1"))
    #expect(toggle["command_topic"] == .string("nixie/kitchen/alarm-1/set"))
    let emptied = discovery.filter(\.payload.isEmpty).map(\.topic)
    #expect(emptied.count == 2 * 18)
    #expect(emptied.contains("homeassistant/text/kitchen/alarm_3_time/config"))
    #expect(emptied.contains("homeassistant/switch/kitchen/alarm_20/config"))
    #expect(!emptied.contains("homeassistant/switch/kitchen/alarm_2/config"))
    let states = Dictionary(
      uniqueKeysWithValues: Self.device.states(for: state, started: nil).map { ($0.topic, $0.payload) })
    #expect(states["nixie/kitchen/alarm-1-time/state"] == "06:30")
    #expect(states["nixie/kitchen/alarm-1/state"] == "ON")
    // 09:00:30 reads 09:00 in a text that takes hours and minutes.
    #expect(states["nixie/kitchen/alarm-2-time/state"] == "09:00")
    #expect(states["nixie/kitchen/alarm-2/state"] == "OFF")
    #expect(states["nixie/kitchen/alarm-3/state"] == nil)
    let retained = Self.device.retainedTopics
    #expect(retained.contains("homeassistant/switch/kitchen/alarm_20/config"))
    #expect(retained.contains("nixie/kitchen/alarm-20-time/state"))
  }

  /// The state's alarms are read leniently: a member a newer clock adds is left aside.
  @Test func theStatesAlarmsAreReadLeniently() throws {
    let line = #"{"settings": {"alarms": [{"at": "06:30", "days": ["mon"], "label": "work"}, {"at": 5}]}}"#
    let state = try #require(ClockState(json: try JSONReader.read(Array(line.utf8))))
    #expect(state.alarms.map(\.time.secondOfDay) == [6 * 3600 + 1800])
  }
}
