import Foundation
import Glibc
import NixieAlarms
import NixieControl
import NixieText
import NixieTime
import Testing

/// `nixie mqtt` between a real Mosquitto broker and a real clock on the simulator, each a
/// process of its own: discovery as Home Assistant documents it, commands from `mosquitto_pub`
/// reaching the clock, states following changes made elsewhere, the broker killed and started
/// again, the bridge killed (its Last Will), a wrong password, malformed payloads, a face
/// showing a topic, a stopped clock, grouped digits, and `--remove`. Every wait is for an event,
/// with a bound.
@Suite(.serialized)
struct BrokerTests {
  /// A rig with the clock and the bridge started, once the bridge says it is online.
  static func running(users: [(String, String)] = [], mqttYAML: String = "") throws -> (Rig, Subscriber) {
    let rig = try Rig(users: users)
    try rig.startClock()
    let subscriber = try rig.broker.subscribe()
    try rig.startBridge(mqttYAML: mqttYAML)
    guard subscriber.waitFor(rig.availability, "online", seconds: 20) else {
      throw HarnessError("the bridge did not come online: \(rig.bridgeLog)")
    }
    return (rig, subscriber)
  }

  /// The retained configs but tube care's sensors, which follow once the count is read.
  static func clockConfigs(_ rig: Rig) throws -> [Subscriber.Message] {
    try rig.broker.retained("homeassistant/#").filter { !$0.topic.contains("/tube_") }
  }

  @Test func discoveryIsRetainedAndKeepsToTheDocumentedSchema() throws {
    let (rig, _) = try Self.running()
    let retained = try Self.clockConfigs(rig)
    #expect(retained.count == 15, "\(retained.map(\.topic))")
    for message in retained {
      #expect(message.retained)
      #expect(
        HomeAssistantSchema.topicProblems(message.topic, prefix: "homeassistant").isEmpty, "\(message.topic)")
      let payload = try JSONReader.read(Array(message.payload.utf8))
      let component = String(message.topic.split(separator: "/")[1])
      let problems = HomeAssistantSchema.problems(component: component, payload: payload)
      #expect(problems.isEmpty, "\(message.topic): \(problems)")
      // The device is the clock the bridge follows: its board is the model.
      #expect(payload["device"]?["model"] == .string("hv5622-6xin14"))
      #expect(payload["device"]?["identifiers"] == .array([.string("nixie_test")]))
    }
    let face = try #require(retained.first { $0.topic == "homeassistant/select/test/face/config" })
    let options = try JSONReader.read(Array(face.payload.utf8))["options"]
    #expect(
      options
        == .array([
          .string("All faces in turn"), .string("Time HH:mm:ss"),
          .string("Value of home/outdoor/temperature"),
        ]))
    // The states are retained too, as the clock has them.
    let states = try rig.broker.retained("nixie/test/#")
    func state(_ name: String) -> String? { states.first { $0.topic == rig.stateTopic(name) }?.payload }
    #expect(state("display") == "ON" && state("brightness") == "100" && state("night") == "OFF")
    #expect(state("face") == "All faces in turn" && state("show-seconds") == "5" && state("fade-ms") == "500")
    #expect(states.first { $0.topic == rig.availability }?.payload == "online")
  }

  /// Tube care: the clock's count as two diagnostic sensors for each of the board's eight
  /// positions, their states what the clock counted.
  @Test func tubeCareIsPublishedAsDiagnosticSensors() throws {
    let (rig, _) = try Self.running()
    var sensors: [Subscriber.Message] = []
    #expect(
      try Wait.until(seconds: 20) {
        sensors = try rig.broker.retained("homeassistant/#").filter { $0.topic.contains("/tube_") }
        return sensors.count == 16
      }, "\(sensors.map(\.topic))")
    for message in sensors {
      let payload = try JSONReader.read(Array(message.payload.utf8))
      let problems = HomeAssistantSchema.problems(component: "sensor", payload: payload)
      #expect(problems.isEmpty, "\(message.topic): \(problems)")
      #expect(payload["entity_category"] == .string("diagnostic"), "\(message.topic)")
    }
    let glow = try #require(sensors.first { $0.topic == "homeassistant/sensor/test/tube_1_glow/config" })
    #expect(try JSONReader.read(Array(glow.payload.utf8))["unit_of_measurement"] == .string("h"))
    var states: [Subscriber.Message] = []
    #expect(
      try Wait.until(seconds: 20) {
        states = try rig.broker.retained("nixie/test/#").filter { $0.topic.contains("/tube-") }
        return states.count == 16
      })
    for state in states where state.topic.hasSuffix("-glow/state") {
      // The clock has run a few seconds: hours to a hundredth, 0.0 so far.
      let hours = try #require(Double(state.payload), "\(state.topic): \(state.payload)")
      #expect(hours >= 0 && hours < 1, "\(state.topic): \(state.payload)")
    }
    for state in states where state.topic.hasSuffix("-least-used/state") {
      // Unknown while nothing glowed there; else a percentage.
      let share = Double(state.payload) ?? -1
      #expect(state.payload == "None" || (0...100).contains(share), "\(state.topic): \(state.payload)")
    }
  }

  @Test func commandsFromTheBrokerReachTheClock() throws {
    let (rig, subscriber) = try Self.running()
    try rig.broker.publish(rig.commandTopic("brightness"), "40")
    #expect(rig.waitForClock { $0["settings"]?["brightness"] == .number("40") })
    #expect(subscriber.waitFor(rig.stateTopic("brightness"), "40"))
    try rig.broker.publish(rig.commandTopic("display"), "OFF")
    #expect(rig.waitForClock { $0["display"] == .bool(false) })
    #expect(rig.waitForClock { $0["shows"]?["text"] == .string("        ") })
    #expect(subscriber.waitFor(rig.stateTopic("display"), "OFF"))
    try rig.broker.publish(rig.commandTopic("display"), "ON")
    #expect(rig.waitForClock { $0["display"] == .bool(true) })
    try rig.broker.publish(rig.commandTopic("night"), "ON")
    #expect(rig.waitForClock { $0["night"] == .bool(true) })
    #expect(subscriber.waitFor(rig.stateTopic("night"), "ON"))
    try rig.broker.publish(rig.commandTopic("face"), "home/outdoor/temperature")
    #expect(rig.waitForClock { $0["face"] == .number("1") })
    #expect(subscriber.waitFor(rig.stateTopic("face"), "Value of home/outdoor/temperature"))
    try rig.broker.publish(rig.commandTopic("show-seconds"), "30")
    #expect(rig.waitForClock { $0["settings"]?["show_seconds"] == .number("30") })
    try rig.broker.publish(rig.commandTopic("fade-ms"), "250")
    #expect(rig.waitForClock { $0["settings"]?["fade_ms"] == .number("250") })
    #expect(subscriber.waitFor(rig.stateTopic("fade-ms"), "250"))
    try rig.broker.publish(rig.commandTopic("show"), "4321")
    #expect(rig.waitForClock { $0["message"] == .string("4321") })
    #expect(subscriber.waitFor(rig.stateTopic("show"), "4321"))
    // Shown for the clock's show-seconds (30 s, set above); an empty text clears it at once.
    try rig.broker.publish(rig.commandTopic("show"), "")
    #expect(rig.waitForClock { $0["message"] == .null })
    #expect(subscriber.waitFor(rig.stateTopic("show"), ""))
  }

  @Test func changesMadeElsewhereArePublished() throws {
    let (rig, subscriber) = try Self.running()
    #expect(try rig.send(["1234", "--seconds", "60"]) == 0)
    #expect(subscriber.waitFor(rig.stateTopic("show"), "1234"))
    var change = ClockSettingsChange()
    change.brightness = .set(25)
    _ = try rig.ask(.change(change))
    #expect(subscriber.waitFor(rig.stateTopic("brightness"), "25"))
    _ = try rig.ask(.night(true))
    #expect(subscriber.waitFor(rig.stateTopic("night"), "ON"))
    // Published on change, not polled: a state topic is not published again while the clock
    // only ticks (its seconds go by in the meantime).
    let before = subscriber.messages.filter { $0.topic == rig.stateTopic("brightness") }.count
    _ = try rig.ask(.display(on: false))
    #expect(subscriber.waitFor(rig.stateTopic("display"), "OFF"))
    #expect(subscriber.messages.filter { $0.topic == rig.stateTopic("brightness") }.count == before)
  }

  @Test func theBrokerKilledAndStartedAgainIsFollowed() throws {
    let (rig, _) = try Self.running()
    rig.broker.kill()
    #expect(rig.waitForLog("lost the MQTT broker"))
    try rig.broker.start()
    let subscriber = try rig.broker.subscribe()
    #expect(rig.waitForLog("connected to the MQTT broker 127.0.0.1:\(rig.broker.port) again", seconds: 30))
    // The broker kept nothing (no persistence): all is published again, and commands work.
    #expect(subscriber.waitFor(rig.availability, "online", seconds: 30))
    #expect(try Self.clockConfigs(rig).count == 15)
    try rig.broker.publish(rig.commandTopic("brightness"), "55")
    #expect(rig.waitForClock { $0["settings"]?["brightness"] == .number("55") })
  }

  @Test func theLastWillSaysOfflineWhenTheBridgeVanishes() throws {
    let (rig, subscriber) = try Self.running()
    rig.bridge?.stop(signal: SIGKILL)
    #expect(subscriber.waitFor(rig.availability, "offline", seconds: 30))
    #expect(try rig.broker.retained(rig.availability).first?.payload == "offline")
  }

  @Test func aCleanStopSaysOfflineAndAClockGoneSaysOfflineToo() throws {
    let (rig, subscriber) = try Self.running()
    rig.stopClock()
    #expect(subscriber.waitFor(rig.availability, "offline"))
    #expect(rig.waitForLog("is not reachable"))
    try rig.startClock()
    #expect(subscriber.waitFor(rig.availability, "online"))
    #expect(rig.bridge?.stop() == 0)
    #expect(subscriber.waitFor(rig.availability, "offline"))
  }

  @Test func aWrongPasswordIsRefusedWithAClearLogLine() throws {
    let rig = try Rig(users: [("nixie", "right horse battery")])
    try rig.startClock()
    let passwordFile = rig.folder.appendingPathComponent("password")
    try "wrong staple\n".write(to: passwordFile, atomically: true, encoding: .utf8)
    try rig.startBridge(mqttYAML: "username: nixie\npassword-file: \(passwordFile.path)\n")
    #expect(rig.waitForLog("the broker refused the login"))
    let log = rig.bridgeLog
    #expect(
      log.contains(
        "error: MQTT broker 127.0.0.1:\(rig.broker.port): the broker refused the login: Not authorized"
      ), "\(log)")
    #expect(log.contains("check username and the password file in mqtt.yaml"))
    #expect(!log.contains("wrong staple"))
    // Said once, however often it is tried.
    #expect(log.components(separatedBy: "refused the login").count == 2)
    // The right password logs in.
    try "right horse battery\n".write(to: passwordFile, atomically: true, encoding: .utf8)
    rig.bridge?.stop()
    let subscriber = try rig.broker.subscribe()
    try rig.startBridge(mqttYAML: "username: nixie\npassword-file: \(passwordFile.path)\n")
    #expect(subscriber.waitFor(rig.availability, "online", seconds: 20))
  }

  @Test func malformedPayloadsAreIgnoredWithAWarningNamingTheTopic() throws {
    let (rig, subscriber) = try Self.running()
    try rig.broker.publish(rig.commandTopic("brightness"), "loud")
    try rig.broker.publish(rig.commandTopic("display"), "on")
    try rig.broker.publish(rig.commandTopic("face"), "HH:mm")
    #expect(rig.waitForLog("nixie/test/face/set: ignored"))
    let log = rig.bridgeLog
    #expect(log.contains("warning: nixie/test/brightness/set: ignored: expected a whole number"), "\(log)")
    #expect(log.contains("warning: nixie/test/display/set: ignored: expected ON or OFF, not 'on'"))
    let state = try rig.state()
    #expect(state["settings"]?["brightness"] == .number("100") && state["display"] == .bool(true))
    // A value the clock refuses: a warning with the topic, and the status topic says why.
    try rig.broker.publish(rig.commandTopic("show"), "hello")
    #expect(rig.waitForLog("nixie/test/show/set: the clock refused 'hello': cannot show"))
    #expect(
      Wait.until(seconds: 10) {
        subscriber.last("nixie/test/status")?.hasPrefix("refused nixie/test/show/set 'hello': cannot show")
          == true
      })
    #expect(try rig.state()["message"] == .null)
  }

  /// The face shows the topic's value while it is fresh (stale after 3 s here), and the clock
  /// skips it after; a value the board cannot show is refused with the topic named.
  @Test func aTopicFacesValueIsShownWhileFreshAndRefusedWhenTheBoardCannotShowIt() throws {
    let (rig, subscriber) = try Self.running()
    try rig.broker.publish("home/outdoor/temperature", "21.456")
    #expect(rig.waitForClock { $0["values"]?["home/outdoor/temperature"] == .string("21.5") })
    // Choose the face: the tubes show the value.
    try rig.broker.publish(rig.commandTopic("face"), "home/outdoor/temperature")
    #expect(rig.waitForClock { Self.shown($0) == "21.5" })
    // Stale: the face is skipped, the time shows through it.
    #expect(rig.waitForClock(seconds: 20) { $0["values"] == .object([]) })
    #expect(rig.waitForClock { Self.shown($0).map { $0 != "21.5" && !$0.isEmpty } ?? false })
    try rig.broker.publish("home/outdoor/temperature", "warm")
    #expect(rig.waitForLog("home/outdoor/temperature: the clock refused 'warm': cannot show"))
    #expect(
      Wait.until(seconds: 10) {
        subscriber.last("nixie/test/status")?.contains("home/outdoor/temperature") == true
      })
  }

  /// What the tubes show, without the dark tubes at either end.
  static func shown(_ state: JSONValue) -> String? {
    guard case .string(let text)? = state["shows"]?["text"] else { return nil }
    return String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }

  @Test func homeAssistantComingOnlineGetsTheDiscoveryAgain() throws {
    let (rig, subscriber) = try Self.running()
    let config = "homeassistant/light/test/tubes/config"
    #expect(subscriber.waitForCount(config, 1))
    try rig.broker.publish("homeassistant/status", "online")
    #expect(subscriber.waitForCount(config, 2))
    #expect(rig.waitForLog("Home Assistant is online"))
  }

  /// A stopped clock (SIGSTOP: it takes connections and never answers) holds the bridge up no
  /// longer than a request's deadline: the command is logged as not sent, the bridge still
  /// answers the broker, and once the clock goes on, commands reach it again at once.
  @Test func aStoppedClockDoesNotHoldTheBridgeUp() throws {
    let (rig, subscriber) = try Self.running()
    let clock = try #require(rig.clock)
    kill(clock.pid, SIGSTOP)
    defer { kill(clock.pid, SIGCONT) }
    try rig.broker.publish(rig.commandTopic("brightness"), "40")
    #expect(rig.waitForLog("brightness/set: not sent '40': the clock at \(rig.socket) is not answering"))
    let config = "homeassistant/light/test/tubes/config"
    #expect(subscriber.waitForCount(config, 1))
    try rig.broker.publish("homeassistant/status", "online")
    #expect(subscriber.waitForCount(config, 2))
    kill(clock.pid, SIGCONT)
    try rig.broker.publish(rig.commandTopic("brightness"), "55")
    #expect(rig.waitForClock { $0["settings"]?["brightness"] == .number("55") })
  }

  /// `group-digits: true` in mqtt.yaml: a number sent to the text entity is shown grouped.
  @Test func theTextEntityGroupsDigitsWhenMQTTYAMLSaysSo() throws {
    let (rig, subscriber) = try Self.running(mqttYAML: "group-digits: true\n")
    try rig.broker.publish(rig.commandTopic("show"), "12345")
    #expect(rig.waitForClock { $0["shows"]?["text"] == .string("12  3 45") })
    #expect(subscriber.waitFor(rig.stateTopic("show"), "12345"))
  }

  /// The alarms from Home Assistant, on a real clock and broker: the countdown number starts a
  /// countdown (minutes) and 0 cancels it; a countdown that reaches zero is heard once by the
  /// event entity as `timer_done`; the stop button ends its ring.
  @Test func theCountdownAndTheAlarmButtonsDriveTheClockAndTheEventHearsTheRing() throws {
    let (rig, subscriber) = try Self.running()
    try rig.broker.publish(rig.commandTopic("countdown"), "5")
    #expect(rig.waitForClock { $0["countdown"]?["ends"] != nil && $0["activity"] == .string("countdown") })
    try rig.broker.publish(rig.commandTopic("countdown"), "0")
    #expect(rig.waitForClock { $0["countdown"] == .null })
    // Two seconds, sent to the clock's socket as nixie send does: the event comes at zero.
    let sent = try Spawned(
      "send", Rig.nixie, ["send", "--countdown", "2s", "--socket", rig.socket], in: rig.folder)
    #expect(Wait.until(seconds: 20) { !sent.process.isRunning })
    #expect(subscriber.waitFor(rig.stateTopic("alarm-event"), #"{"event_type": "timer_done"}"#, seconds: 30))
    #expect(
      rig.waitForClock { $0["alarm"]?["bell"] == .string("ringing") && $0["alarm"]?["timer"] == .bool(true) })
    try rig.broker.publish(rig.commandTopic("alarm-stop"), "PRESS")
    #expect(rig.waitForClock { $0["alarm"]?["bell"] == .string("silent") && $0["countdown"] == .null })
    #expect(subscriber.waitFor(rig.stateTopic("next-alarm"), "None"))
  }

  @Test func removeEmptiesEveryRetainedTopic() throws {
    let (rig, _) = try Self.running()
    #expect(try Wait.until(seconds: 20) { try rig.broker.retained("homeassistant/#").count == 15 + 16 })
    rig.bridge?.stop()
    let remover = try Spawned(
      "remove", Rig.nixie,
      [
        "mqtt", "--remove", "--broker", "127.0.0.1:\(rig.broker.port)", "--node-id", rig.node, "--config",
        rig.folder.appendingPathComponent("mqtt.yaml").path,
      ],
      in: rig.folder)
    #expect(Wait.until(seconds: 20) { !remover.process.isRunning })
    #expect(remover.process.terminationStatus == 0, "\(remover.errors)")
    let configs = try rig.broker.retained("homeassistant/#")
    #expect(configs.isEmpty, "\(configs.map(\.topic)) \(remover.errors)")
    let states = try rig.broker.retained("nixie/test/#")
    #expect(states.isEmpty, "\(states.map(\.topic))")
  }
}

/// Each alarm as Home Assistant edits it: a switch and a time from the broker reach the clock's
/// settings, and a list the clock shortened takes the dropped alarm's entities away.
struct AlarmEntitiesBrokerTests {
  static let clockYAML =
    Rig.clockConfiguration + "\n"
      + """
      alarms:
        - {at: "06:30", days: weekdays}
        - {at: "09:00", days: [sun], tune: chime}
      """

  @Test func anAlarmsSwitchAndTimeReachTheClockAndADroppedAlarmsEntitiesGo() throws {
    let rig = try Rig(clockYAML: Self.clockYAML)
    try rig.startClock()
    let subscriber = try rig.broker.subscribe()
    try rig.startBridge()
    #expect(subscriber.waitFor(rig.availability, "online", seconds: 20))
    func alarm(_ index: Int, _ state: JSONValue) -> JSONValue? {
      guard case .array(let items)? = state["settings"]?["alarms"], index < items.count else { return nil }
      return items[index]
    }
    func alarmConfigs() throws -> [String] {
      // Numbered alarms' objects: alarm_1, alarm_1_time…; not the buttons' alarm_snooze….
      try rig.broker.retained("homeassistant/#").map(\.topic).filter { topic in
        let parts = topic.split(separator: "/").dropFirst(3).first?.split(separator: "_") ?? []
        return parts.count > 1 && parts[0] == "alarm" && parts[1].allSatisfy(\.isNumber)
      }.sorted()
    }
    #expect(try Wait.until(seconds: 20) { try alarmConfigs().count == 4 })
    #expect(subscriber.waitFor(rig.stateTopic("alarm-2"), "ON"))
    try rig.broker.publish(rig.commandTopic("alarm-2"), "OFF")
    #expect(rig.waitForClock { alarm(1, $0)?["enabled"] == .bool(false) })
    #expect(subscriber.waitFor(rig.stateTopic("alarm-2"), "OFF"))
    try rig.broker.publish(rig.commandTopic("alarm-1-time"), "07:45")
    #expect(rig.waitForClock { alarm(0, $0)?["at"] == .string("07:45") })
    #expect(subscriber.waitFor(rig.stateTopic("alarm-1-time"), "07:45"))
    // The days, tune and snooze of each stay as they were.
    let state = try rig.state()
    #expect(alarm(0, state)?["days"] == .array(["mon", "tue", "wed", "thu", "fri"].map { .string($0) }))
    #expect(alarm(1, state)?["tune"] == .string("chime"))
    // One alarm left (set over the socket, as the web page does): alarm 2's entities go.
    var change = ClockSettingsChange()
    change.alarms = .set([Alarm(time: TimeOfDay(secondOfDay: 5 * 3600))])
    #expect(try rig.ask(.change(change))["ok"] == .bool(true))
    #expect(
      try Wait.until(seconds: 20) {
        try alarmConfigs() == [
          "homeassistant/switch/test/alarm_1/config", "homeassistant/text/test/alarm_1_time/config",
        ]
      })
    try rig.broker.publish(rig.commandTopic("alarm-2"), "ON")
    #expect(rig.waitForLog("this clock has 1 alarms, not an alarm 2"))
  }
}
