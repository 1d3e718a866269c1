import NixieControl
import NixieLogging
import NixieSystem
import NixieText

/// `nixie mqtt`'s work, on a thread of its own (`nixie-mqtt`): one loop that polls the
/// broker's socket (libmosquitto driven from here, `MosquittoClient`) and the clock's state
/// subscription, and sleeps in between — for the keep-alive's next look, a reconnection's
/// time, or a state.
///
/// - The clock's state comes pushed (`StateSubscription`); each change is published on the
///   state topics (retained, only what changed), the discovery configs when the device or its
///   faces change, and the topic faces' subscriptions follow the faces.
/// - A command (`…/set`) or a topic face's value becomes a control request (`BridgeCommand`),
///   sent to the clock over its socket; what the clock refuses is logged at warning with the
///   topic and published on the status topic. The clock never waits for the broker.
/// - Availability: the Last Will says `offline` when the bridge vanishes; `online` is published
///   once connected while the clock is reachable, `offline` while it is not.
/// - The broker or the clock gone: tried again, the broker after 1 s doubling up to a minute,
///   the clock every 2 s; each outage is logged once, and its end.
final class MQTTBridge: @unchecked Sendable {
  /// Where to connect and what to call things.
  struct Settings: Sendable {
    var host: String
    var port: Int
    var keepAliveSeconds: Int
    var username: String?
    var password: String?
    var tls: Bool
    var caFile: String?
    /// The clock's control socket.
    var socket: String
    /// Values sent to the text entity shown with their digits grouped (`12 345`).
    var groupDigits = false
    var device: HomeAssistantDevice
    var topics: BridgeTopics { device.topics }
  }

  /// How the broker connection stands.
  private enum Broker {
    /// Not connected; the next try at `until` (monotonic).
    case waiting(until: UInt64)
    /// Connecting since `since`, the login's answer awaited.
    case connecting(since: UInt64)
    case connected
  }

  private let settings: Settings
  private let logger: Logger
  private let client: MosquittoClient
  private let worker: WorkerThread
  private let monotonic = SystemClock()
  /// Requests to the clock (the control socket; tests may watch them).
  private let send: @Sendable (ControlRequest) -> Result<JSONValue, ControlClient.Failure>

  private var broker = Broker.waiting(until: 0)
  private var hasConnected = false
  private var brokerBackoff = Backoff()
  /// The last broker problem logged, so an outage is said once.
  private var brokerProblem: String?
  /// The broker's refusal of the login, until the disconnection that follows it.
  private var refusal: String?
  private var nextKeepAlive: UInt64 = 0

  private var subscription: StateSubscription?
  private var nextClockTry: UInt64 = 0
  private var clockProblem: String?
  /// The clock's state, as last pushed; nil before the first.
  private var state: ClockState?
  /// When the clock started (Unix nanoseconds), as last published.
  private var started: Int64?

  /// What was published on each topic since the broker connection began.
  private var published: [String: String] = [:]
  /// The topic faces' topics subscribed to on this connection.
  private var faceTopics: Set<String> = []

  /// How often libmosquitto's keep-alive is looked after while connected: a quarter of the
  /// keep-alive, so a ping leaves in time.
  private var keepAliveInterval: UInt64 { UInt64(max(1, settings.keepAliveSeconds / 4)) * 1_000_000_000 }
  /// How long a login may take before the connection is dropped and tried again.
  private static let connectTimeout: UInt64 = 15_000_000_000
  /// The wait between tries at the clock.
  private static let clockRetry: UInt64 = 2_000_000_000

  init(
    settings: Settings, library: MosquittoLibrary, logger: Logger,
    send: (@Sendable (ControlRequest) -> Result<JSONValue, ControlClient.Failure>)? = nil
  ) throws(MQTTError) {
    self.settings = settings
    self.logger = logger
    let path = settings.socket
    let worker = WorkerThread()
    self.worker = worker
    self.send =
      send ?? { request in
        do throws(ControlClient.Failure) {
          // Within its deadline however stuck the clock is; a stop ends the wait at once.
          return .success(
            try ControlClient.request(request, to: path, timeoutMilliseconds: 1500, waiting: .worker(worker)))
        } catch {
          return .failure(error)
        }
      }
    client = try MosquittoClient(library: library, id: "nixie-\(settings.topics.node)")
    if let username = settings.username {
      try client.setLogin(username: username, password: settings.password)
    }
    if settings.tls {
      try client.setTLS(
        caFile: settings.caFile, caPath: settings.caFile == nil ? MQTTConfiguration.systemCertificates : nil)
    }
    try client.setWill(topic: settings.topics.availability, payload: "offline", retain: true)
  }

  /// Starts the loop on its thread.
  func start() throws(SystemCallError) {
    try worker.start(name: "nixie-mqtt") { [self] in run() }
  }

  /// Ends the loop: `offline` published, a goodbye to the broker, the thread joined.
  func stop() { worker.stop() }

  private var place: String { "\(settings.host):\(settings.port)" }

  private func run() {
    while true {
      let now = monotonic.now()
      tend(at: now)
      var interests: [Poll.Interest] = []
      let brokerSocket = client.socket
      if let brokerSocket { interests.append(Poll.Interest(brokerSocket, writable: client.wantsWrite)) }
      let clockIndex = interests.count
      let following = subscription
      if let following { interests.append(Poll.Interest(following.descriptor)) }
      let wake = nextWake()
      let ready: WorkerThread.Ready?
      do {
        ready = try worker.wait(for: interests, timeout: wake > now ? wake - now : 0)
      } catch {
        logger.error("the bridge stops: \(error)")
        return
      }
      guard let ready else {
        goodbye()
        return
      }
      if brokerSocket != nil {
        let readiness = ready.descriptors[0]
        if readiness.readable || readiness.failed { _ = client.read() }
        if readiness.writable && client.socket != nil { _ = client.write() }
      }
      if let following, ready.descriptors[clockIndex].readable || ready.descriptors[clockIndex].failed {
        for update in following.read() { handle(update) }
      }
      handleEvents()
      if client.socket != nil && client.wantsWrite { _ = client.write() }
    }
  }

  /// The next instant something is due: a try at the broker or the clock, the keep-alive.
  private func nextWake() -> UInt64 {
    var wake = UInt64.max
    switch broker {
    case .waiting(let until): wake = until
    case .connecting(let since): wake = since + Self.connectTimeout
    case .connected: wake = nextKeepAlive
    }
    if subscription == nil { wake = min(wake, nextClockTry) }
    return wake
  }

  /// What is due at `now`: a try at the broker or the clock, the keep-alive, a login that
  /// took too long.
  private func tend(at now: UInt64) {
    if subscription == nil && now >= nextClockTry { follow(at: now) }
    switch broker {
    case .waiting(let until) where now >= until:
      do {
        try client.connect(host: settings.host, port: settings.port, keepAlive: settings.keepAliveSeconds)
        broker = .connecting(since: now)
      } catch {
        brokerFailed("\(error)", at: now)
      }
    case .connecting(let since) where now >= since + Self.connectTimeout:
      client.disconnect()
      handleEvents()
      // The goodbye may have ended the connection already, and scheduled the next try.
      if case .connecting = broker {
        brokerFailed("no answer to the login within \(Self.connectTimeout / 1_000_000_000) s", at: now)
      }
    case .connected where now >= nextKeepAlive:
      _ = client.misc()
      nextKeepAlive = now + keepAliveInterval
      handleEvents()
    default:
      break
    }
  }

  /// The broker could not be had: said once per reason (a refused login as an error), tried
  /// again after the backoff.
  private func brokerFailed(_ reason: String, at now: UInt64, level: Logger.Level = .warning) {
    let wait = brokerBackoff.next()
    if reason != brokerProblem {
      logger.log(
        level: level,
        "MQTT broker \(place): \(reason); trying again in \(wait / 1_000_000_000) s, then less often")
      brokerProblem = reason
    }
    broker = .waiting(until: now + wait)
  }

  /// Subscribes to the clock's state; a clock not there is said once and tried again.
  private func follow(at now: UInt64) {
    do throws(SystemCallError) {
      subscription = try StateSubscription(path: settings.socket, waiting: .worker(worker))
    } catch {
      // Stopping: the loop's next wait says so.
      if error == SocketWait.cancelled { return }
      clockLost("\(error)", at: now)
    }
  }

  private func clockLost(_ reason: String, at now: UInt64) {
    subscription = nil
    nextClockTry = now + Self.clockRetry
    if clockProblem == nil {
      logger.warning(
        "the clock at \(settings.socket) is not reachable (\(reason)); trying again every \(Self.clockRetry / 1_000_000_000) s"
      )
      publish(settings.topics.availability, "offline")
    }
    clockProblem = reason
  }

  private func handle(_ update: StateSubscription.Update) {
    switch update {
    case .state(let new):
      if clockProblem != nil || state == nil {
        logger.notice("following the clock at \(settings.socket) (\(new.board))")
        clockProblem = nil
      }
      let old = state
      state = new
      publishClock(previous: old)
    case .refused(let message):
      logger.error(
        "the clock at \(settings.socket) refused the state subscription: \(message) (is it older than nixie mqtt?)"
      )
      clockLost("refused", at: monotonic.now())
    case .ended(let reason):
      clockLost(reason, at: monotonic.now())
    }
  }

  // MARK: - The broker's events

  private func handleEvents() {
    for event in client.takeEvents() {
      switch event {
      case .connected: connected()
      case .refused(let code): refused(code)
      case .disconnected(let code): disconnected(code)
      case .message(let topic, let payload, let retained):
        message(topic: topic, payload: payload, retained: retained)
      case .published: break
      }
    }
  }

  private func connected() {
    let again = hasConnected
    hasConnected = true
    broker = .connected
    brokerBackoff.reset()
    brokerProblem = nil
    nextKeepAlive = monotonic.now() + keepAliveInterval
    publishedOffline()
    logger.notice("connected to the MQTT broker \(place)\(again ? " again" : "") as \(settings.topics.base)")
    client.subscribe(settings.topics.commands)
    client.subscribe(settings.topics.homeAssistantStatus)
    publishClock(previous: nil)
  }

  /// The login was refused: said with the disconnection that follows (the broker closes).
  private func refused(_ code: Int32) {
    var reason = "the broker refused the login: \(client.library.describeRefusal(code))"
    if code == 4 || code == 5 { reason += " (check username and the password file in mqtt.yaml)" }
    refusal = reason
    client.disconnect()
  }

  private func disconnected(_ code: Int32) {
    let now = monotonic.now()
    if let refusal {
      self.refusal = nil
      brokerFailed(refusal, at: now, level: .error)
      return
    }
    if case .connected = broker {
      logger.warning("lost the MQTT broker \(place): \(client.library.describe(code))")
      brokerProblem = nil
      publishedOffline()
    }
    brokerFailed("cannot connect: \(client.library.describe(code))", at: now)
  }

  /// What was published is the broker's to forget (it may restart without it): published
  /// again in full on the next connection.
  private func publishedOffline() {
    published = [:]
    faceTopics = []
  }

  private func message(topic: String, payload: [UInt8], retained: Bool) {
    let topics = settings.topics
    if topic == topics.homeAssistantStatus {
      if payload == Array("online".utf8), let state {
        logger.info("Home Assistant is online: discovery published again")
        publishDiscovery(state, force: true)
        publishStates(state, force: true)
      }
      return
    }
    guard let state else {
      logger.warning("\(Printable.escaped(topic)): ignored: the clock is not reachable")
      return
    }
    if let name = topics.commandName(topic) {
      // A command kept by the broker is an old one: a command counts when it is sent.
      guard !retained else {
        logger.debug("\(Printable.escaped(topic)): a retained command, ignored")
        return
      }
      switch BridgeCommand.request(
        name: name, payload: payload, state: state, groupDigits: settings.groupDigits)
      {
      case .success(let request): forward(request, topic: topic, payload: payload)
      case .failure(let error): ignore(topic: topic, error.message)
      }
      return
    }
    if state.topics.contains(topic) {
      guard let text = String(validating: payload, as: UTF8.self)?.trimmingSpaces, !text.isEmpty,
        text.utf8.count <= 64
      else {
        ignore(topic: topic, "a value is text of 1 to 64 bytes")
        return
      }
      forward(.faceValue(topic: topic, value: text), topic: topic, payload: payload)
    }
  }

  /// A malformed payload: a warning with its topic, nothing sent.
  private func ignore(topic: String, _ reason: String) {
    logger.warning("\(Printable.escaped(topic)): ignored: \(reason)")
  }

  /// Sends `request` to the clock; a refusal is logged and published on the status topic.
  private func forward(_ request: ControlRequest, topic: String, payload: [UInt8]) {
    switch send(request) {
    case .success:
      logger.debug("\(Printable.escaped(topic)): sent to the clock")
    case .failure(.refused(let reason)):
      let value = Printable.escaped(String(decoding: payload.prefix(64), as: UTF8.self))
      logger.warning("\(Printable.escaped(topic)): the clock refused '\(value)': \(reason)")
      publish(settings.topics.status, "refused \(topic) '\(value)': \(reason)", retain: false)
    case .failure(let failure):
      logger.warning("\(Printable.escaped(topic)): not sent to the clock: \(failure)")
    }
  }

  // MARK: - Publishing

  /// Publishes `payload` on `topic` when connected and it differs from what was published
  /// there on this connection (or `force`); retained unless told.
  private func publish(_ topic: String, _ payload: String, retain: Bool = true, force: Bool = false) {
    guard case .connected = broker else { return }
    guard force || published[topic] != payload || !retain else { return }
    if client.publish(topic: topic, payload: Array(payload.utf8), retain: retain) {
      if retain { published[topic] = payload }
    }
  }

  /// Everything the clock's state makes: availability, discovery when the device or its
  /// faces changed, the topic faces' subscriptions, the states that changed.
  private func publishClock(previous: ClockState?) {
    guard case .connected = broker else { return }
    guard let state, subscription != nil else {
      publish(settings.topics.availability, "offline")
      return
    }
    publishDiscovery(state, force: false)
    followTopics(state.topics)
    publishStates(state, force: false)
    publish(settings.topics.availability, "online")
  }

  private func publishDiscovery(_ state: ClockState, force: Bool) {
    for (topic, payload) in settings.device.discovery(for: state) { publish(topic, payload, force: force) }
  }

  private func publishStates(_ state: ClockState, force: Bool) {
    if let uptime = state.uptimeSeconds {
      let now = SystemClock.wallClockNanoseconds()
      let start = now - Int64(min(uptime, 1 << 40)) * 1_000_000_000
      // The uptime is counted in whole seconds: a start that moved less than that is the same
      // start; more, and the clock restarted or the system clock was set.
      if started.map({ abs($0 - start) > 2_000_000_000 }) ?? true { started = start }
    }
    for (topic, payload) in settings.device.states(for: state, started: started) {
      publish(topic, payload, force: force)
    }
  }

  /// Subscribes to the topics the faces show, and drops those they no longer show.
  private func followTopics(_ wanted: [String]) {
    let wanted = Set(wanted)
    for topic in faceTopics.subtracting(wanted) { client.unsubscribe(topic) }
    for topic in wanted.subtracting(faceTopics) { client.subscribe(topic) }
    faceTopics = wanted
  }

  /// On the way out: `offline`, then a goodbye, written within a second.
  private func goodbye() {
    guard case .connected = broker else { return }
    publish(settings.topics.availability, "offline", force: true)
    client.disconnect()
    let deadline = monotonic.now() + 1_000_000_000
    while let socket = client.socket, client.wantsWrite, monotonic.now() < deadline {
      guard
        (try? Poll.wait([Poll.Interest(socket, readable: false, writable: true)], timeout: 100_000_000))
          != nil
      else { break }
      _ = client.write()
    }
    logger.info("disconnected from the MQTT broker \(place)")
  }
}
