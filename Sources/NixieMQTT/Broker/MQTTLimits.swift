/// What `nixie mqtt` takes from the broker, capped before any work: the bridge runs in 32 MiB
/// (`MemoryMax=32M`), and a house may send a value of megabytes by mistake or on purpose.
enum MQTTLimits {
  /// The largest payload looked at: a command or a topic face's value is at most 64 bytes, Home
  /// Assistant's birth message a word. A bigger one is refused by its size, unread.
  static let maximumPayloadBytes = 256
  /// The largest packet the broker may send (MQTT 5's Maximum Packet Size, in the CONNECT): a
  /// payload at the cap with a long topic. The broker drops bigger messages for this client.
  static let maximumPacketBytes = 4096
}
