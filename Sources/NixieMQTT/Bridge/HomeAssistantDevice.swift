import NixieControl
import NixieText

/// The clock as Home Assistant's MQTT discovery describes it: one device (its name, the board as
/// its model, nixie's version, its node id as identifier) and its entities — the tubes as a
/// light, a text to show a value, how long it shows and the fade's length as numbers (of the
/// `duration` class), the face as a select, night mode as a switch, whether the time is
/// synchronised as a problem sensor, when the clock started and the last refusal as sensors.
/// Each config is retained on `PREFIX/COMPONENT/NODE/OBJECT/config` (docs/INTERFACE.md has the
/// table). Names read well after the device's (Home Assistant shows `Nixie clock kitchen Fade
/// time`), each entity has an icon, and only what Home Assistant 2024.3 and later keep is sent
/// (its own schemas check it: Tests/HomeAssistant). The light uses the default schema (plain
/// `ON`/`OFF` and a brightness topic), which `mosquitto_pub` and automations can drive by hand.
struct HomeAssistantDevice: Sendable {
  /// One entity: its component, object id (in its topics and unique id), name, and the
  /// members of its config besides those every entity has.
  struct Entity: Sendable {
    let component: String
    let object: String
    let name: String
    let members: [(String, String)]
  }

  let topics: BridgeTopics
  /// The device's name.
  let name: String
  /// nixie's version (the device's `sw_version`).
  let version: String

  /// The components and object ids of every entity, whatever the clock's state: what
  /// `--remove` clears (tube care's sensors for as many positions as are ever published).
  static let objects =
    [
      ("light", "tubes"), ("text", "show"), ("number", "show_seconds"), ("number", "fade"),
      ("select", "face"),
      ("switch", "night"), ("binary_sensor", "synchronised"), ("sensor", "started"), ("sensor", "status"),
      ("button", "alarm_snooze"), ("button", "alarm_stop"), ("button", "alarm_skip_next"),
      ("sensor", "next_alarm"), ("event", "alarm"), ("number", "countdown"),
    ]
    + (1...TubeWear.maximumPositions).flatMap {
      [("sensor", wearObjects($0).glow), ("sensor", wearObjects($0).least)]
    } + alarmSettingObjects

  /// The object ids of tube `number`'s (1 is the first) tube care sensors.
  static func wearObjects(_ number: Int) -> (glow: String, least: String) {
    ("tube_\(number)_glow", "tube_\(number)_least_used")
  }

  /// Configs of nixie 0.3.0 that are no longer published (the synchronisation was an enum
  /// sensor, whose options Home Assistant 2024.3 dropped): emptied at each connection, so an
  /// upgraded bridge leaves no entity behind.
  static let retiredObjects = [("sensor", "synchronised")]

  /// The retired configs' topics.
  var retiredConfigs: [String] { Self.retiredObjects.map { topics.config($0.0, $0.1) } }

  /// The state topics' names, by what they carry.
  enum Topic {
    static let display = "display"
    static let brightness = "brightness"
    static let show = "show"
    static let showSeconds = "show-seconds"
    static let fade = "fade-ms"
    static let face = "face"
    static let night = "night"
    static let synchronised = "synchronised"
    static let started = "started"
    static let alarmSnooze = "alarm-snooze"
    static let alarmStop = "alarm-stop"
    static let alarmSkipNext = "alarm-skip-next"
    static let nextAlarm = "next-alarm"
    /// The alarms' events (`alarm_rang`, `timer_done`), not retained: each happened once.
    static let alarmEvent = "alarm-event"
    static let countdown = "countdown"
    /// Tube `number`'s glow time and its least used cathode's share.
    static func wear(_ number: Int) -> (glow: String, least: String) {
      ("tube-\(number)-glow", "tube-\(number)-least-used")
    }
  }

  /// The event types of the alarm event entity.
  enum AlarmEvent {
    static let rang = "alarm_rang"
    static let timerDone = "timer_done"
  }

  /// The synchronisation's state payloads: the problem sensor is on when not synchronised.
  static let synchronisedPayloads = (on: "unsynchronised", off: "synchronised")

  /// The members naming an entity's state and command topics, `name` under the prefix.
  func io(_ name: String) -> [(String, String)] {
    [
      ("state_topic", JSONText.quoted(topics.state(name))),
      ("command_topic", JSONText.quoted(topics.command(name))),
    ]
  }

  /// The entities for a clock in `state` (the select's options are its faces).
  func entities(for state: ClockState) -> [Entity] {
    let q = JSONText.quoted
    func icon(_ name: String) -> (String, String) { ("icon", q("mdi:" + name)) }
    func duration(unit: String) -> [(String, String)] {
      [("unit_of_measurement", q(unit)), ("device_class", q("duration")), ("mode", q("box"))]
    }
    return [
      Entity(
        component: "light", object: "tubes", name: "Tubes",
        members: io(Topic.display) + [
          ("brightness_state_topic", q(topics.state(Topic.brightness))),
          ("brightness_command_topic", q(topics.command(Topic.brightness))),
          ("brightness_scale", "100"), icon("clock-digital"),
        ]),
      Entity(
        component: "text", object: "show", name: "Show value",
        members: io(Topic.show) + [
          ("min", "0"), ("max", String(BridgeCommand.maximumValueBytes)), ("mode", q("text")),
          icon("numeric"),
        ]),
      Entity(
        component: "number", object: "show_seconds", name: "Value shown for",
        members: io(Topic.showSeconds) + [
          ("min", String(SettingRanges.showSeconds.lowerBound)),
          ("max", String(SettingRanges.showSeconds.upperBound)), ("step", "1"),
        ] + duration(unit: "s") + [("entity_category", q("config")), icon("timer-outline")]),
      Entity(
        component: "number", object: "fade", name: "Fade time",
        members: io(Topic.fade) + [
          ("min", String(SettingRanges.fadeMilliseconds.lowerBound)),
          ("max", String(SettingRanges.fadeMilliseconds.upperBound)), ("step", "1"),
        ] + duration(unit: "ms") + [("entity_category", q("config")), icon("transition")]),
      Entity(
        component: "select", object: "face", name: "Face",
        members: io(Topic.face) + [("options", JSONText.array(state.faceOptions)), icon("clock-outline")]),
      Entity(
        component: "switch", object: "night", name: "Night mode",
        members: io(Topic.night) + [icon("weather-night")]
      ),
      Entity(
        component: "binary_sensor", object: "synchronised", name: "Time synchronisation",
        members: [
          ("state_topic", q(topics.state(Topic.synchronised))), ("device_class", q("problem")),
          ("payload_on", q(Self.synchronisedPayloads.on)), ("payload_off", q(Self.synchronisedPayloads.off)),
          ("entity_category", q("diagnostic")),
        ]),
      Entity(
        component: "sensor", object: "started", name: "Running since",
        members: [
          ("state_topic", q(topics.state(Topic.started))), ("device_class", q("timestamp")),
          ("entity_category", q("diagnostic")), icon("restart"),
        ]),
      Entity(
        component: "sensor", object: "status", name: "Last refusal",
        members: [
          ("state_topic", q(topics.status)), ("entity_category", q("diagnostic")),
          icon("alert-circle-outline"),
        ]),
    ] + alarmEntities()
  }

  /// The alarms' entities: buttons that snooze, stop and skip the next ring, the next ring as a
  /// timestamp, an event entity for an alarm that rang and a countdown that reached zero, and
  /// the countdown started in minutes (a number without a state: what it sets runs down).
  func alarmEntities() -> [Entity] {
    let q = JSONText.quoted
    func button(_ object: String, _ name: String, _ topic: String, _ icon: String) -> Entity {
      Entity(
        component: "button", object: object, name: name,
        members: [("command_topic", q(topics.command(topic))), ("icon", q("mdi:" + icon))])
    }
    return [
      button("alarm_snooze", "Snooze alarm", Topic.alarmSnooze, "alarm-snooze"),
      button("alarm_stop", "Stop alarm", Topic.alarmStop, "alarm-off"),
      button("alarm_skip_next", "Skip next alarm", Topic.alarmSkipNext, "calendar-remove"),
      Entity(
        component: "sensor", object: "next_alarm", name: "Next alarm",
        members: [
          ("state_topic", q(topics.state(Topic.nextAlarm))), ("device_class", q("timestamp")),
          ("icon", q("mdi:alarm")),
        ]),
      Entity(
        component: "event", object: "alarm", name: "Alarm",
        members: [
          ("state_topic", q(topics.state(Topic.alarmEvent))),
          ("event_types", JSONText.array([AlarmEvent.rang, AlarmEvent.timerDone])),
          ("icon", q("mdi:bell-ring")),
        ]),
      Entity(
        component: "number", object: "countdown", name: "Countdown",
        members: [
          ("command_topic", q(topics.command(Topic.countdown))), ("min", "0"),
          ("max", String(ControlRequest.maximumCountdownSeconds / 60)), ("step", "1"),
          ("unit_of_measurement", q("min")), ("device_class", q("duration")), ("mode", q("box")),
          ("icon", q("mdi:timer-outline")),
        ]),
    ]
  }

  /// The event an alarm event entity gets when the clock's bell goes from `previous` to
  /// `state`: one when it starts ringing (an alarm, again after a snooze, or the timer).
  func alarmEvent(from previous: ClockState?, to state: ClockState) -> (topic: String, payload: String)? {
    guard state.ringing, previous.map({ !$0.ringing }) ?? false else { return nil }
    let type = state.alarmTimer ? AlarmEvent.timerDone : AlarmEvent.rang
    return (topics.state(Topic.alarmEvent), JSONText.object([("event_type", JSONText.quoted(type))]))
  }

  /// Tube care's sensors, two for each position of `wear` (1 is the first): how long it has
  /// glowed (hours, a duration that only grows) and its least used cathode's share of its most
  /// used one's (percent) — diagnostics, as Home Assistant files what keeps a device healthy.
  func wearEntities(_ wear: [TubeWear]) -> [Entity] {
    let q = JSONText.quoted
    return wear.indices.flatMap { index -> [Entity] in
      let number = index + 1
      let (glow, least) = (Self.wearObjects(number), Topic.wear(number))
      return [
        Entity(
          component: "sensor", object: glow.glow, name: "Tube \(number) glow time",
          members: [
            ("state_topic", q(topics.state(least.glow))), ("device_class", q("duration")),
            ("unit_of_measurement", q("h")), ("state_class", q("total_increasing")),
            ("suggested_display_precision", "1"), ("entity_category", q("diagnostic")),
            ("icon", q("mdi:timer-sand")),
          ]),
        Entity(
          component: "sensor", object: glow.least, name: "Tube \(number) least used cathode",
          members: [
            ("state_topic", q(topics.state(least.least))), ("unit_of_measurement", q("%")),
            ("state_class", q("measurement")), ("suggested_display_precision", "1"),
            ("entity_category", q("diagnostic")), ("icon", q("mdi:chart-bar")),
          ]),
      ]
    }
  }

  /// Tube care's states: each position's hours, and its least used cathode's percentage
  /// (`None`, Home Assistant's unknown, while none has glowed).
  func wearStates(_ wear: [TubeWear]) -> [(topic: String, payload: String)] {
    wear.indices.flatMap { index -> [(topic: String, payload: String)] in
      let topic = Topic.wear(index + 1)
      return [
        (topics.state(topic.glow), String(wear[index].hours)),
        (topics.state(topic.least), wear[index].leastUsedPercent.map { String($0) } ?? "None"),
      ]
    }
  }

  /// `nixie_NODE`: the device's identifier, and the start of every unique id.
  var identifier: String { "nixie_\(topics.node)" }

  /// The device object every config carries.
  func device(board: String) -> String {
    JSONText.object([
      ("identifiers", JSONText.array([identifier])), ("name", JSONText.quoted(name)),
      ("manufacturer", JSONText.quoted("nixie")), ("model", JSONText.quoted(board)),
      ("sw_version", JSONText.quoted(version)),
    ])
  }

  /// Every entity's config topic and payload (a JSON object) for a clock in `state` whose tube
  /// care count is `wear`.
  func discovery(for state: ClockState, wear: [TubeWear] = []) -> [(topic: String, payload: String)] {
    let device = device(board: state.board)
    let entities = entities(for: state) + alarmSettingEntities(state.alarms) + wearEntities(wear)
    return entities.map { entity in
      let payload = JSONText.object(
        [
          ("name", JSONText.quoted(entity.name)),
          ("unique_id", JSONText.quoted("\(identifier)_\(entity.object)")),
        ]
          + entity.members
          + [("availability_topic", JSONText.quoted(topics.availability)), ("device", device)])
      return (topics.config(entity.component, entity.object), payload)
    } + absentAlarmConfigs(count: state.alarms.count)
  }

  /// The state topics and their payloads for a clock in `state`, started at `started` (Unix
  /// nanoseconds; nil: unknown).
  func states(for state: ClockState, started: Int64?) -> [(topic: String, payload: String)] {
    func onOff(_ on: Bool) -> String { on ? "ON" : "OFF" }
    var states = [
      (topics.state(Topic.display), onOff(state.displayOn)),
      (topics.state(Topic.brightness), String(state.brightness)),
      (topics.state(Topic.show), state.message ?? ""),
      (topics.state(Topic.showSeconds), String(state.showSeconds)),
      (topics.state(Topic.fade), String(state.fadeMilliseconds)),
      (topics.state(Topic.face), state.faceOption),
      (topics.state(Topic.night), onOff(state.night)),
      (
        topics.state(Topic.synchronised),
        state.synchronised ? Self.synchronisedPayloads.off : Self.synchronisedPayloads.on
      ),
      (topics.state(Topic.nextAlarm), state.nextAlarm ?? "None"),
    ]
    if let started {
      // Whole seconds: the uptime is counted in them.
      states.append((topics.state(Topic.started), RFC3339.seconds(fromUnixNanoseconds: started)))
    }
    return states.map { (topic: $0.0, payload: $0.1) } + alarmSettingStates(state.alarms)
  }

  /// Every retained topic of the clock, for `--remove`: the configs, the states, the
  /// availability.
  var retainedTopics: [String] {
    (Self.objects + Self.retiredObjects).map { topics.config($0.0, $0.1) }
      + [
        Topic.display, Topic.brightness, Topic.show, Topic.showSeconds, Topic.fade, Topic.face, Topic.night,
        Topic.synchronised, Topic.started, Topic.nextAlarm,
      ].map(topics.state)
      + Self.alarmStateNames.map(topics.state)
      + (1...TubeWear.maximumPositions).flatMap { [Topic.wear($0).glow, Topic.wear($0).least] }.map(
        topics.state)
      + [topics.availability]
  }
}
