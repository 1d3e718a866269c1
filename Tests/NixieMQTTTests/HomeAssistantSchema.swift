import NixieText

/// Home Assistant's MQTT discovery schema for the components nixie publishes, written from
/// Home Assistant's documentation (home-assistant.io, `source/_integrations/*.mqtt.markdown`:
/// MQTT Light's default schema, MQTT Text, Number, Select, Switch and Sensor; and the MQTT
/// integration's "Discovery topic"), never from nixie's encoder: for each component the
/// configuration variables with their documented type, which are required, and the values
/// the docs allow where they list them. `problems(component:payload:)` says what a config
/// payload does against it.
enum HomeAssistantSchema {
  /// A documented variable's type.
  enum Kind: Hashable {
    case string, integer, float, boolean, list, map
    /// `[string, list]` (a device's identifiers).
    case stringOrList
  }

  /// The variables every one of these components documents (availability, device and entity
  /// registry options).
  static let common: [String: Kind] = [
    "availability": .list, "availability_mode": .string, "availability_template": .string,
    "availability_topic": .string, "device": .map, "enabled_by_default": .boolean, "encoding": .string,
    "entity_category": .string, "icon": .string, "json_attributes_template": .string,
    "json_attributes_topic": .string, "name": .string, "object_id": .string, "qos": .integer,
    "unique_id": .string,
  ]

  /// Each component's own variables (besides `common`) and its required ones.
  static let components: [String: (variables: [String: Kind], required: Set<String>)] = [
    // MQTT Light, default schema.
    "light": (
      [
        "brightness_command_template": .string, "brightness_command_topic": .string,
        "brightness_scale": .integer,
        "brightness_state_topic": .string, "brightness_value_template": .string, "command_topic": .string,
        "effect_command_topic": .string, "effect_list": .list, "effect_state_topic": .string,
        "max_mireds": .integer,
        "min_mireds": .integer, "on_command_type": .string, "optimistic": .boolean,
        "payload_available": .string,
        "payload_not_available": .string, "payload_off": .string, "payload_on": .string, "retain": .boolean,
        "schema": .string, "state_topic": .string, "state_value_template": .string, "white_scale": .integer,
      ],
      ["command_topic"]
    ),
    "text": (
      [
        "command_template": .string, "command_topic": .string, "entity_picture": .string, "max": .integer,
        "min": .integer, "mode": .string, "pattern": .string, "retain": .boolean, "state_topic": .string,
        "value_template": .string,
      ],
      ["command_topic"]
    ),
    "number": (
      [
        "command_template": .string, "command_topic": .string, "device_class": .string, "max": .float,
        "min": .float,
        "mode": .string, "optimistic": .boolean, "payload_reset": .string, "retain": .boolean,
        "state_topic": .string,
        "step": .float, "unit_of_measurement": .string, "value_template": .string,
      ],
      ["command_topic"]
    ),
    "select": (
      [
        "command_template": .string, "command_topic": .string, "optimistic": .boolean, "options": .list,
        "retain": .boolean, "state_topic": .string, "value_template": .string,
      ],
      ["command_topic", "options"]
    ),
    "switch": (
      [
        "command_topic": .string, "optimistic": .boolean, "payload_available": .string,
        "payload_not_available": .string, "payload_off": .string, "payload_on": .string, "retain": .boolean,
        "state_off": .string, "state_on": .string, "state_topic": .string, "value_template": .string,
      ],
      []
    ),
    // MQTT Binary sensor.
    "binary_sensor": (
      [
        "device_class": .string, "expire_after": .integer, "force_update": .boolean, "off_delay": .integer,
        "payload_available": .string, "payload_not_available": .string, "payload_off": .string,
        "payload_on": .string, "state_topic": .string, "value_template": .string,
      ],
      ["state_topic"]
    ),
    // MQTT Button.
    "button": (
      [
        "command_template": .string, "command_topic": .string, "device_class": .string,
        "payload_available": .string, "payload_not_available": .string, "payload_press": .string,
        "retain": .boolean,
      ],
      ["command_topic"]
    ),
    // MQTT Event.
    "event": (
      [
        "device_class": .string, "event_types": .list, "payload_available": .string,
        "payload_not_available": .string, "state_topic": .string, "value_template": .string,
      ],
      ["event_types", "state_topic"]
    ),
    "sensor": (
      [
        "device_class": .string, "entity_picture": .string, "expire_after": .integer,
        "force_update": .boolean,
        "last_reset_value_template": .string, "options": .list, "payload_available": .string,
        "payload_not_available": .string, "state_class": .string, "state_topic": .string,
        "suggested_display_precision": .integer, "unit_of_measurement": .string, "value_template": .string,
      ],
      ["state_topic"]
    ),
  ]

  /// The device map's documented keys.
  static let device: [String: Kind] = [
    "configuration_url": .string, "connections": .list, "hw_version": .string, "identifiers": .stringOrList,
    "manufacturer": .string, "model": .string, "model_id": .string, "name": .string, "serial_number": .string,
    "suggested_area": .string, "sw_version": .string, "via_device": .string,
  ]

  /// Values the docs enumerate: a text's mode, a number's mode, an entity's category
  /// (Home Assistant's developer docs: `config` or `diagnostic`; a sensor's only `diagnostic`).
  static let allowed: [String: [String: Set<String>]] = [
    "text": ["mode": ["text", "password"], "entity_category": ["config", "diagnostic"]],
    "number": ["mode": ["auto", "box", "slider"], "entity_category": ["config", "diagnostic"]],
    "sensor": ["entity_category": ["diagnostic"]],
    // The binary sensor's device classes, as its page lists them.
    "binary_sensor": [
      "entity_category": ["diagnostic"],
      "device_class": [
        "battery", "battery_charging", "carbon_monoxide", "cold", "connectivity", "door", "garage_door",
        "gas",
        "heat", "light", "lock", "moisture", "motion", "moving", "occupancy", "opening", "plug", "power",
        "presence", "problem", "running", "safety", "smoke", "sound", "tamper", "update", "vibration",
        "window",
      ],
    ],
    "light": ["on_command_type": ["last", "first", "brightness"], "schema": ["default"]],
    "button": [
      "device_class": ["identify", "restart", "update"], "entity_category": ["config", "diagnostic"],
    ],
    "event": ["device_class": ["button", "doorbell", "motion"]],
  ]

  /// `[a-zA-Z0-9_-]`, what a node id and an object id may hold.
  static func isID(_ text: Substring) -> Bool {
    !text.isEmpty
      && text.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
          || $0 == "-"
      }
  }

  /// What is wrong with `topic` as a discovery topic under `prefix`:
  /// `<prefix>/<component>/[<node_id>/]<object_id>/config`.
  static func topicProblems(_ topic: String, prefix: String) -> [String] {
    guard topic.hasPrefix(prefix + "/") else { return ["\(topic): not under \(prefix)/"] }
    let parts = topic.dropFirst(prefix.count + 1).split(separator: "/", omittingEmptySubsequences: false)
    guard (3...4).contains(parts.count), parts.last == "config" else {
      return ["\(topic): not <component>/[<node_id>/]<object_id>/config"]
    }
    var problems: [String] = []
    if components[String(parts[0])] == nil { problems.append("\(topic): unknown component \(parts[0])") }
    for id in parts.dropFirst().dropLast() where !isID(id) {
      problems.append("\(topic): '\(id)' is not [a-zA-Z0-9_-]")
    }
    return problems
  }

  static func matches(_ value: JSONValue, _ kind: Kind) -> Bool {
    switch (kind, value) {
    case (.string, .string), (.boolean, .bool), (.list, .array), (.map, .object): true
    case (.integer, .number(let text)): Int(text) != nil
    case (.float, .number): true
    case (.stringOrList, .string): true
    case (.stringOrList, .array(let items)): items.allSatisfy { if case .string = $0 { true } else { false } }
    default: false
    }
  }

  /// Every way `payload` (a config's JSON) breaks the documented schema of `component`.
  static func problems(component: String, payload: JSONValue) -> [String] {
    guard let schema = components[component] else { return ["unknown component \(component)"] }
    guard case .object(let members) = payload else { return ["the payload is not an object"] }
    var problems: [String] = []
    for (key, value) in members {
      guard let kind = schema.variables[key] ?? common[key] else {
        problems.append("\(component): '\(key)' is not a documented variable")
        continue
      }
      if !matches(value, kind) { problems.append("\(component).\(key): not a \(kind): \(value.text)") }
      if let values = allowed[component]?[key], case .string(let text) = value, !values.contains(text) {
        problems.append("\(component).\(key): '\(text)' is not one of \(values.sorted())")
      }
    }
    for key in schema.required where payload[key] == nil {
      problems.append("\(component): the required '\(key)' is missing")
    }
    if case .object(let device)? = payload["device"] {
      for (key, value) in device {
        guard let kind = Self.device[key] else {
          problems.append("device: '\(key)' is not a documented key")
          continue
        }
        if !matches(value, kind) { problems.append("device.\(key): not a \(kind)") }
      }
      // "At least one of identifiers or connections must be present to identify the device."
      if device.allSatisfy({ $0.key != "identifiers" && $0.key != "connections" }) {
        problems.append("device: neither identifiers nor connections")
      }
      // "Only works when unique_id is set."
      if payload["unique_id"] == nil { problems.append("device without unique_id") }
    }
    // Sensor: "options … The sensor's device_class must be set to enum. The options option
    // cannot be used together with state_class or unit_of_measurement."
    if component == "sensor", payload["options"] != nil {
      if payload["device_class"] != .string("enum") {
        problems.append("sensor: options without device_class enum")
      }
      if payload["state_class"] != nil || payload["unit_of_measurement"] != nil {
        problems.append("sensor: options with state_class or unit_of_measurement")
      }
      if payload["options"] == .array([]) { problems.append("sensor: an empty options list") }
    }
    // Number: "step … Smallest value 0.001"; min below max.
    if component == "number" {
      if let step = payload["step"]?.double, step < 0.001 { problems.append("number: step below 0.001") }
      if let min = payload["min"]?.double, let max = payload["max"]?.double, min >= max {
        problems.append("number: min \(min) not below max \(max)")
      }
    }
    // Number: "duration: Duration in d, h, min, s, ms" (the number's device classes).
    if component == "number", payload["device_class"] == .string("duration"),
      case .string(let unit)? = payload["unit_of_measurement"], !["d", "h", "min", "s", "ms"].contains(unit)
    {
      problems.append("number: duration in '\(unit)', not d, h, min, s or ms")
    }
    // "icon: Icon for the entity": Material Design Icons as `mdi:name`.
    if case .string(let icon)? = payload["icon"], !icon.hasPrefix("mdi:") || icon.count < 5 {
      problems.append("icon '\(icon)' is not mdi:NAME")
    }
    // Text: "max … (maximum is 255)", min at least 0 and not above max.
    if component == "text" {
      if let max = payload["max"]?.double, max > 255 { problems.append("text: max above 255") }
      if let min = payload["min"]?.double, min < 0 || min > (payload["max"]?.double ?? 255) {
        problems.append("text: min out of range")
      }
    }
    // Light: a brightness scale is the maximum brightness value, at least 1.
    if component == "light", let scale = payload["brightness_scale"]?.double, scale < 1 {
      problems.append("light: brightness_scale below 1")
    }
    return problems
  }
}
