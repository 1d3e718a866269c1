import Testing

@testable import NixieMQTT

/// The clock's topics: commands are recognised by name, nothing else is.
struct BridgeTopicsTests {
  static let topics = BridgeTopics(prefix: "homeassistant", node: "kitchen")

  @Test(arguments: [
    ("nixie/kitchen/brightness/set", "brightness"), ("nixie/kitchen/display/set", "display"),
    ("nixie/kitchen/show-seconds/set", "show-seconds"),
  ])
  func aCommandTopicNamesItsCommand(_ topic: String, _ name: String) {
    #expect(Self.topics.commandName(topic) == name)
  }

  @Test(arguments: [
    "nixie/kitchen/brightness/state", "nixie/hall/brightness/set", "nixie/kitchen//set",
    "nixie/kitchen/a/b/set",
    "homeassistant/status", "nixie/kitchen/set",
  ])
  func otherTopicsAreNoCommands(_ topic: String) {
    #expect(Self.topics.commandName(topic) == nil)
  }
}
