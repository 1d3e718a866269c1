import CMosquitto

/// What the broker connection reports, in the order it happened.
enum MQTTEvent: Hashable, Sendable {
  /// The broker took the login (CONNACK 0).
  case connected
  /// The broker refused the login: `code` is CONNACK's (5: not authorised).
  case refused(code: Int32)
  /// The connection ended: 0, we asked for it; below 128 libmosquitto's `MOSQ_ERR_…` (the
  /// connection lost, a TLS error); 128 and up the reason an MQTT 5 broker gave in its
  /// DISCONNECT (142: another client took the session).
  case disconnected(code: Int32)
  /// A message on a subscribed topic.
  case message(topic: String, payload: [UInt8], retained: Bool)
  /// A message whose payload is over `MQTTLimits.maximumPayloadBytes`: not copied, only its size
  /// kept (a broker that speaks only MQTT 3.1.1 sends any size; libmosquitto has read it whole).
  case oversized(topic: String, bytes: Int, retained: Bool)
  /// The broker acknowledged one of our messages (QoS 1's PUBACK): it has it.
  case published
}

/// One client of libmosquitto, driven from our own loop, never libmosquitto's thread: the owner
/// polls `socket` (and, when `wantsWrite`, for writing), then calls `read`, `write` and, now
/// and then, `misc` (keep-alive pings). libmosquitto's callbacks run inside those calls and
/// only queue `MQTTEvent`s, which the owner takes with `takeEvents()` afterwards.
///
/// Used by one thread at a time.
final class MosquittoClient {
  /// Where the callbacks put what they hear (libmosquitto keeps a pointer to it).
  private final class Inbox {
    var events: [MQTTEvent] = []
  }

  let library: MosquittoLibrary
  private let handle: OpaquePointer
  private let inbox = Inbox()
  private var api: CMosquittoAPI { library.api }

  /// A client with `id` (unique on the broker), a clean session.
  init(library: MosquittoLibrary, id: String) throws(MQTTError) {
    self.library = library
    let object = Unmanaged.passUnretained(inbox).toOpaque()
    guard let made = id.withCString({ library.api.create?($0, true, object) }) ?? nil else {
      throw MQTTError("libmosquitto could not make a client (out of memory?)")
    }
    handle = made
    api.connect_callback_set?(handle) { _, object, code in
      guard let object else { return }
      let inbox = Unmanaged<Inbox>.fromOpaque(object).takeUnretainedValue()
      inbox.events.append(code == 0 ? .connected : .refused(code: code))
    }
    api.disconnect_callback_set?(handle) { _, object, code in
      guard let object else { return }
      Unmanaged<Inbox>.fromOpaque(object).takeUnretainedValue().events.append(.disconnected(code: code))
    }
    api.publish_callback_set?(handle) { _, object, _ in
      guard let object else { return }
      Unmanaged<Inbox>.fromOpaque(object).takeUnretainedValue().events.append(.published)
    }
    api.message_callback_set?(handle) { _, object, message in
      guard let object, let message, let topic = message.pointee.topic else { return }
      let inbox = Unmanaged<Inbox>.fromOpaque(object).takeUnretainedValue()
      let count = Int(max(0, message.pointee.payloadlen))
      let name = String(cString: topic)
      // Capped before any work: a bigger payload is never copied.
      guard count <= MQTTLimits.maximumPayloadBytes else {
        inbox.events.append(.oversized(topic: name, bytes: count, retained: message.pointee.retain))
        return
      }
      let payload =
        message.pointee.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
      inbox.events.append(.message(topic: name, payload: payload, retained: message.pointee.retain))
    }
  }

  /// Connects with MQTT 5 from now on, telling the broker the largest packet this client takes
  /// (`MQTTLimits.maximumPacketBytes`), so it drops bigger messages instead of sending them.
  func useMQTT5() throws(MQTTError) {
    var api = self.api
    let code = cmosquitto_use_mqtt5(&api, handle, UInt32(MQTTLimits.maximumPacketBytes))
    try check(code, "MQTT 5")
  }

  /// Connects with MQTT 3.1.1 from now on (a broker that does not speak MQTT 5).
  func useMQTT311() throws(MQTTError) {
    var api = self.api
    try check(cmosquitto_use_mqtt311(&api, handle), "MQTT 3.1.1")
  }

  deinit { api.destroy?(handle) }

  /// What happened since the last call, oldest first.
  func takeEvents() -> [MQTTEvent] {
    defer { inbox.events.removeAll() }
    return inbox.events
  }

  /// Checks a libmosquitto result: `what` failed with its words, or nothing.
  private func check(_ code: Int32?, _ what: String) throws(MQTTError) {
    let code = code ?? Int32(MOSQ_ERR_NOT_SUPPORTED.rawValue)
    guard code == Int32(MOSQ_ERR_SUCCESS.rawValue) else {
      throw MQTTError("\(what): \(library.describe(code))")
    }
  }

  /// The user name and password of the login.
  func setLogin(username: String, password: String?) throws(MQTTError) {
    let code = username.withCString { user in
      password.map { password in password.withCString { api.username_pw_set?(handle, user, $0) } }
        ?? api.username_pw_set?(handle, user, nil)
    }
    try check(code, "the login")
  }

  /// The Last Will: what the broker publishes on `topic` when we vanish without a goodbye.
  func setWill(topic: String, payload: String, retain: Bool) throws(MQTTError) {
    let bytes = Array(payload.utf8)
    let code = topic.withCString { topic in
      bytes.withUnsafeBytes { api.will_set?(handle, topic, Int32($0.count), $0.baseAddress, 1, retain) }
    }
    try check(code, "the last will")
  }

  /// TLS with the broker, its certificate checked against `caFile` or the certificates in
  /// `caPath` (checked before: `MQTTJob.checkedCAFile`).
  func setTLS(caFile: String?, caPath: String?) throws(MQTTError) {
    func call(_ file: UnsafePointer<CChar>?, _ path: UnsafePointer<CChar>?) -> Int32? {
      api.tls_set?(handle, file, path, nil, nil, nil)
    }
    let code: Int32?
    switch (caFile, caPath) {
    case (let file?, let path?): code = file.withCString { file in path.withCString { call(file, $0) } }
    case (let file?, nil): code = file.withCString { call($0, nil) }
    case (nil, let path?): code = path.withCString { call(nil, $0) }
    case (nil, nil): code = call(nil, nil)
    }
    try check(code, "TLS with the certificates in \(caFile ?? caPath ?? "the system's store")")
  }

  /// Starts connecting, or connecting again (the name is looked up and the TCP connection
  /// opened here; the login's answer comes as an event).
  func connect(host: String, port: Int, keepAlive: Int) throws(MQTTError) {
    let code = host.withCString { api.connect_async?(handle, $0, Int32(port), Int32(keepAlive)) }
    try check(code, "cannot connect to \(host):\(port)")
  }

  /// Says goodbye (no Last Will is published).
  func disconnect() { _ = api.disconnect?(handle) }

  /// Queues `payload` for `topic`; false when libmosquitto refused it (not connected, …).
  @discardableResult
  func publish(topic: String, payload: [UInt8], retain: Bool, qos: Int32 = 1) -> Bool {
    let code = topic.withCString { topic in
      payload.withUnsafeBytes {
        api.publish?(handle, nil, topic, Int32($0.count), $0.baseAddress, qos, retain)
      }
    }
    return code == Int32(MOSQ_ERR_SUCCESS.rawValue)
  }

  /// Subscribes to `topic` (QoS 1).
  @discardableResult
  func subscribe(_ topic: String) -> Bool {
    topic.withCString { api.subscribe?(handle, nil, $0, 1) } == Int32(MOSQ_ERR_SUCCESS.rawValue)
  }

  /// Drops the subscription to `topic`.
  @discardableResult
  func unsubscribe(_ topic: String) -> Bool {
    topic.withCString { api.unsubscribe?(handle, nil, $0) } == Int32(MOSQ_ERR_SUCCESS.rawValue)
  }

  /// The connection's socket, or nil while there is none.
  var socket: Int32? {
    let socket = api.socket?(handle) ?? -1
    return socket >= 0 ? socket : nil
  }

  /// Whether output waits for the socket to take it.
  var wantsWrite: Bool { api.want_write?(handle) ?? false }

  /// Reads what the socket has (callbacks run here); a libmosquitto error code, 0 when fine.
  func read() -> Int32 { api.loop_read?(handle, 1) ?? Int32(MOSQ_ERR_NOT_SUPPORTED.rawValue) }

  /// Writes what waits, as far as the socket takes it.
  func write() -> Int32 { api.loop_write?(handle, 1) ?? Int32(MOSQ_ERR_NOT_SUPPORTED.rawValue) }

  /// Keep-alive: a ping when one is due, the connection closed when the broker did not answer.
  func misc() -> Int32 { api.loop_misc?(handle) ?? Int32(MOSQ_ERR_NOT_SUPPORTED.rawValue) }
}
