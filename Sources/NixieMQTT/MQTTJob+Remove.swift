import NixieCore
import NixieSystem

extension MQTTJob {
  /// How long `--remove` waits for the broker.
  static let removeTimeout: UInt64 = 10_000_000_000

  /// `--remove`: connects, publishes an empty retained message on every discovery config (Home
  /// Assistant removes the entities and the device), on every state topic and on the
  /// availability (the broker forgets them), and says goodbye once the broker has acknowledged
  /// each (QoS 1). Needs no clock. Exit 69 when the broker cannot be reached or refuses the
  /// login within 10 s.
  public func remove() throws(NixieError) {
    let settings = try settings(try configuration())
    let library = try Self.library()
    let place = "\(settings.host):\(settings.port)"
    let client: MosquittoClient
    do {
      client = try MosquittoClient(library: library, id: settings.topics.clientID + "-remove")
      if let username = settings.username {
        try client.setLogin(username: username, password: settings.password)
      }
      if settings.tls {
        try client.setTLS(
          caFile: settings.caFile, caPath: settings.caFile == nil ? MQTTConfiguration.systemCertificates : nil
        )
      }
      try client.connect(host: settings.host, port: settings.port, keepAlive: settings.keepAliveSeconds)
    } catch {
      throw NixieError(.unavailable, "MQTT broker \(place): \(error.message)")
    }
    let clock = SystemClock()
    let deadline = clock.now() + Self.removeTimeout
    var connected = false
    var topics = settings.device.retainedTopics
    var unacknowledged = topics.count
    // Until the login is answered, then until the broker has acknowledged every empty message:
    // a goodbye before that may leave acknowledgements unread, and a socket closed with unread
    // data is reset, which can make the broker drop what it had not read yet.
    while let socket = client.socket {
      let now = clock.now()
      guard now < deadline else { break }
      let ready: [Poll.Readiness]
      do {
        ready = try Poll.wait([Poll.Interest(socket, writable: client.wantsWrite)], timeout: deadline - now)
      } catch {
        throw NixieError(.internalError, "\(error)")
      }
      if ready[0].readable || ready[0].failed { _ = client.read() }
      if client.socket != nil && (ready[0].writable || client.wantsWrite) { _ = client.write() }
      for event in client.takeEvents() {
        switch event {
        case .connected:
          connected = true
        case .refused(let code):
          throw NixieError(
            .unavailable,
            "MQTT broker \(place): the broker refused the login: \(library.describeRefusal(code))")
        case .disconnected(let code):
          throw NixieError(.unavailable, "MQTT broker \(place): \(library.describe(code))")
        case .published:
          unacknowledged -= 1
        case .message, .oversized:
          break
        }
      }
      guard connected else { continue }
      while let topic = topics.first, client.publish(topic: topic, payload: [], retain: true) {
        topics.removeFirst()
      }
      if topics.isEmpty && unacknowledged <= 0 {
        client.disconnect()
        let count = settings.device.retainedTopics.count
        logger.notice(
          "removed \(settings.topics.base) from \(settings.topics.prefix) on \(place): \(count) retained topics emptied"
        )
        return
      }
    }
    throw NixieError(
      .unavailable,
      "MQTT broker \(place): \(connected ? "could not publish" : "no connection") within"
        + " \(Self.removeTimeout / 1_000_000_000) s")
  }
}
