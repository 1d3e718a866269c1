/// The topics of one clock on the broker: Home Assistant's discovery configs under its prefix,
/// and the clock's own under `nixie/NODE/`: the availability, the status (what was refused),
/// and for each entity a `…/state` the bridge publishes (retained) and a `…/set` it listens to.
struct BridgeTopics: Hashable, Sendable {
  /// Home Assistant's discovery prefix (`homeassistant`).
  let prefix: String
  /// This clock's node id.
  let node: String

  /// The bridge's client id on the broker: `nixie-NODE`. Two bridges with one node id take the
  /// session from each other.
  var clientID: String { "nixie-\(node)" }
  /// Everything of this clock but the discovery configs: `nixie/NODE`.
  var base: String { "nixie/\(node)" }
  /// `online` while the bridge is connected and the clock reachable; `offline` otherwise (the
  /// Last Will says it when the bridge vanishes).
  var availability: String { base + "/availability" }
  /// What the clock refused, and why (not retained).
  var status: String { base + "/status" }
  /// Where Home Assistant says `online` when it starts (its birth message).
  var homeAssistantStatus: String { prefix + "/status" }
  /// Every command topic at once, for the subscription.
  var commands: String { base + "/+/set" }

  /// The state topic of `name` (`nixie/NODE/brightness/state`).
  func state(_ name: String) -> String { "\(base)/\(name)/state" }
  /// The command topic of `name` (`nixie/NODE/brightness/set`).
  func command(_ name: String) -> String { "\(base)/\(name)/set" }
  /// The name of a command topic (`brightness` for `nixie/NODE/brightness/set`), or nil.
  func commandName(_ topic: String) -> String? {
    let head = base + "/"
    guard topic.hasPrefix(head), topic.hasSuffix("/set") else { return nil }
    let name = topic.dropFirst(head.count).dropLast(4)
    return name.isEmpty || name.contains("/") ? nil : String(name)
  }
  /// The discovery config of an entity: `PREFIX/COMPONENT/NODE/OBJECT/config`.
  func config(_ component: String, _ object: String) -> String {
    "\(prefix)/\(component)/\(node)/\(object)/config"
  }
}
