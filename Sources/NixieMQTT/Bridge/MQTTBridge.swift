import NixieControl
import NixieCore
import NixieLogging
import NixieSystem
import NixieText

/// `nixie mqtt`'s work, on a thread of its own (`nixie-mqtt`): one loop that polls the
/// broker's socket (libmosquitto driven from here, `MosquittoClient`) and the clock's state
/// subscription, and sleeps in between — for the keep-alive's next look, a reconnection's
/// time, a command's turn, a look at the clock, or a state.
///
/// - The clock's state comes pushed (`StateSubscription`); each change is published on the
///   state topics (retained, only what changed), the discovery configs when the device or its
///   faces change, and the topic faces' subscriptions follow the faces.
/// - A command (`…/set`) or a topic face's value becomes a control request (`BridgeCommand`);
///   of each topic only the newest waits, and they go out paced (`CommandQueue`), each only once
///   the clock has answered on the same connection, so a stopped clock never finds one waiting.
///   What the clock refuses is logged at warning with the topic, published on the status topic,
///   and its entity's state published again; a storm of them is said once with a count
///   (`WarningStorms`). The clock never waits for the broker.
/// - Tube care: the clock's count (`wear`) is read every `wearInterval` while connected, and
///   each position's glow time and least used cathode published as diagnostic sensors.
/// - Availability: the Last Will says `offline` when the bridge vanishes; `online` is published
///   once connected while the clock answers, `offline` while it is gone or does not answer —
///   asked every `probeInterval` when it has said nothing, within `requestTimeout`.
/// - The broker or the clock gone: tried again, the broker after 1 s doubling up to a minute
///   (`BrokerSession`: a client with the same id pushing the bridge out is said once, with the
///   fix, and left alone for 5 minutes), the clock every 2 s; each outage is logged once, and
///   its end.
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
  /// Requests to the clock, the second only once the clock has answered the first on the same
  /// connection (tests may watch them).
  private let send: @Sendable (ControlRequest, ControlRequest?) -> Result<JSONValue, ControlClient.Failure>

  private var broker = Broker.waiting(until: 0)
  private var hasConnected = false
  private var session = BrokerSession()
  /// Whether the connections speak MQTT 5 (else 3.1.1: the broker does not).
  private var mqtt5 = true
  /// The last broker problem logged, so an outage is said once.
  private var brokerProblem: String?
  /// Why the connection is ending, when the bridge knows better than the disconnection's code:
  /// a refused login, a login that took too long, an older protocol to try.
  private var ending: String?
  /// A retry at once with MQTT 3.1.1 is due.
  private var retryWithMQTT311 = false
  /// Another client with the bridge's id was said (once, until a connection holds).
  private var saidTakeover = false
  private var nextKeepAlive: UInt64 = 0

  private var subscription: StateSubscription?
  private var nextClockTry: UInt64 = 0
  private var clockProblem: String?
  /// The clock's state, as last pushed; nil before the first.
  private var state: ClockState?
  /// When the clock started (Unix nanoseconds), reckoned when its state came.
  private var started: Int64?
  /// When the clock last showed it answers (a pushed state, an answer).
  private var lastAnswer: UInt64 = 0
  /// Whether the clock answers: false once it did not within `requestTimeout`.
  private var answering = true
  /// Tube care's count, as last read (empty: not yet, or the clock does not count).
  private var wear: [TubeWear] = []
  /// When the count is read next (`.max`: a clock that does not count, until a reconnection).
  private var nextWearLook: UInt64 = 0

  private var commands = CommandQueue()
  private var storms = WarningStorms()
  /// Home Assistant's birth messages of the burst not answered yet.
  private var births: Burst?

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
  /// How long the clock may say nothing before it is asked whether it answers.
  static let probeInterval: UInt64 = 5_000_000_000
  /// Packets read from the broker in one turn of the loop, at most (then the loop's other
  /// duties, a command's turn among them, come first).
  private static let readBatch = 256
  /// How long a request to the clock may take, connecting included.
  static let requestTimeout = 1500
  /// How often tube care's count is read: as often as the clock saves it.
  static let wearInterval: UInt64 = 600_000_000_000
  /// Home Assistant's birth messages closer than this are one burst, answered once…
  private static let birthQuiet: UInt64 = 1_000_000_000
  /// …at the latest this long after its first.
  private static let birthLongest: UInt64 = 5_000_000_000

  init(
    settings: Settings, library: MosquittoLibrary, logger: Logger,
    send: (@Sendable (ControlRequest, ControlRequest?) -> Result<JSONValue, ControlClient.Failure>)? = nil
  ) throws(MQTTError) {
    self.settings = settings
    self.logger = logger
    let path = settings.socket
    let worker = WorkerThread()
    self.worker = worker
    self.send =
      send ?? { request, first in
        do throws(ControlClient.Failure) {
          // Within its deadline however stuck the clock is; a stop ends the wait at once.
          let timeout = Self.requestTimeout
          guard let first else {
            return .success(
              try ControlClient.request(
                request, to: path, timeoutMilliseconds: timeout, waiting: .worker(worker)))
          }
          return .success(
            try ControlClient.request(
              request, to: path, afterAnswerTo: first, timeoutMilliseconds: timeout, waiting: .worker(worker))
          )
        } catch {
          return .failure(error)
        }
      }
    client = try MosquittoClient(library: library, id: settings.topics.clientID)
    try client.useMQTT5()
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
      let wake = nextWake(after: now)
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
        if readiness.readable || readiness.failed { readAll() }
        if readiness.writable && client.socket != nil { _ = client.write() }
      }
      if let following, ready.descriptors[clockIndex].readable || ready.descriptors[clockIndex].failed {
        for update in following.read() { handle(update) }
      }
      handleEvents()
      if client.socket != nil && client.wantsWrite { _ = client.write() }
    }
  }

  /// Reads what the broker has sent, packet by packet (libmosquitto reads one a call), until
  /// the socket is empty or `readBatch` were read: a flood is taken in as fast as it comes, not
  /// one message a turn of the loop, so the broker's queue for the bridge stays short (Mosquitto
  /// drops the newest messages of a client more than `max_queued_messages` behind).
  private func readAll() {
    for _ in 0..<Self.readBatch {
      _ = client.read()
      guard let socket = client.socket,
        let readiness = try? Poll.wait([Poll.Interest(socket)], timeout: 0).first,
        readiness.readable && !readiness.failed
      else { return }
    }
  }

  /// The next instant something is due: a try at the broker or the clock, the keep-alive, a
  /// look at the clock, a command's turn, Home Assistant's births, a storm's summary.
  private func nextWake(after now: UInt64) -> UInt64 {
    var wake = UInt64.max
    switch broker {
    case .waiting(let until): wake = until
    case .connecting(let since): wake = since + Self.connectTimeout
    case .connected: wake = nextKeepAlive
    }
    if subscription == nil {
      wake = min(wake, nextClockTry)
    } else {
      wake = min(wake, lastAnswer + Self.probeInterval)
      if let due = commands.due(at: now) { wake = min(wake, due) }
      if wearDue { wake = min(wake, nextWearLook) }
    }
    if let births { wake = min(wake, births.over(quiet: Self.birthQuiet, longest: Self.birthLongest)) }
    if let due = storms.due { wake = min(wake, due) }
    return wake
  }

  /// What is due at `now`: a try at the broker or the clock, the keep-alive, a login that
  /// took too long, a look at a quiet clock, the commands' turns, births, storms over.
  private func tend(at now: UInt64) {
    if subscription == nil && now >= nextClockTry { follow(at: now) }
    switch broker {
    case .waiting(let until) where now >= until:
      do {
        try client.connect(host: settings.host, port: settings.port, keepAlive: settings.keepAliveSeconds)
        broker = .connecting(since: now)
      } catch {
        brokerFailed(describeConnectFailure(error.message), at: now, wait: session.failed(at: now))
      }
    case .connecting(let since) where now >= since + Self.connectTimeout:
      ending =
        "no answer to the login within \(Self.connectTimeout / 1_000_000_000) s (is \(place) an MQTT broker"
        + (settings.tls ? " speaking TLS?)" : "? one that wants TLS needs tls: true in mqtt.yaml)")
      client.disconnect()
      handleEvents()
      // The goodbye may have ended the connection already, and scheduled the next try.
      if case .connecting = broker, let reason = ending {
        ending = nil
        brokerFailed(reason, at: now, wait: session.failed(at: now))
      }
    case .connected where now >= nextKeepAlive:
      _ = client.misc()
      nextKeepAlive = now + keepAliveInterval
      handleEvents()
    default:
      break
    }
    if subscription != nil && now >= lastAnswer + Self.probeInterval { probe(at: now) }
    if wearDue && now >= nextWearLook { lookAtWear(at: now) }
    while subscription != nil, let command = commands.next(at: now) { forward(command, at: now) }
    if let births, now >= births.over(quiet: Self.birthQuiet, longest: Self.birthLongest) {
      answerBirths(births)
    }
    for (kind, storm) in storms.ended(at: now) { sumUp(kind, storm) }
  }

  /// The broker could not be had: said once per reason (a refused login as an error), tried
  /// again after `wait`.
  private func brokerFailed(_ reason: String, at now: UInt64, wait: UInt64, level: Logger.Level = .warning) {
    if reason != brokerProblem {
      let then = wait < 60_000_000_000 ? ", then less often" : ""
      logger.log(
        level: level, "MQTT broker \(place): \(reason); trying again in \(wait / 1_000_000_000) s\(then)")
      brokerProblem = reason
    }
    broker = .waiting(until: now + wait)
  }

  /// libmosquitto's words for a connection that failed, with what to check for TLS.
  private func describeConnectFailure(_ words: String) -> String {
    guard settings.tls, words.contains("TLS") else { return words }
    let authority =
      settings.caFile.map { "the certificate authority in ca-file \($0)" }
      ?? "a certificate authority in \(MQTTConfiguration.systemCertificates) (or set ca-file in mqtt.yaml)"
    return words
      + " (the broker's certificate must be signed by \(authority) and name '\(settings.host)'; and \(settings.port)"
      + " must be the broker's TLS port)"
  }

  // MARK: - The clock

  /// Subscribes to the clock's state; a clock not there is said once and tried again.
  private func follow(at now: UInt64) {
    do throws(SystemCallError) {
      subscription = try StateSubscription(path: settings.socket, waiting: .worker(worker))
      lastAnswer = now
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
    drop(commands.removeAll(), because: "the clock at \(settings.socket) is not reachable", at: now)
  }

  private func handle(_ update: StateSubscription.Update) {
    let now = monotonic.now()
    switch update {
    case .state(let new):
      if clockProblem != nil || state == nil {
        logger.notice("following the clock at \(settings.socket) (\(new.board))")
        clockProblem = nil
      }
      clockAnswered(at: now)
      reckonStart(new)
      let old = state
      state = new
      publishClock(previous: old)
      if let event = settings.device.alarmEvent(from: old, to: new) {
        publish(event.topic, event.payload, retain: false)
      }
    case .refused(let message):
      logger.error(
        "the clock at \(settings.socket) refused the state subscription: \(message) (is it older than nixie mqtt?)"
      )
      clockLost("refused", at: now)
    case .ended(let reason):
      clockLost(reason, at: now)
    }
  }

  /// When the clock started, from the uptime in the state it pushed just now: kept while it
  /// moves less than the uptime's whole seconds do (more: the clock restarted, or the system
  /// clock was set). Reckoned when the state comes, never later, so it stays put however long
  /// the state is kept (a Home Assistant restart republishes it unchanged).
  private func reckonStart(_ new: ClockState) {
    guard let uptime = new.uptimeSeconds else { return }
    let start = SystemClock.wallClockNanoseconds() - Int64(min(uptime, 1 << 40)) * 1_000_000_000
    if started.map({ abs($0 - start) > 2_000_000_000 }) ?? true { started = start }
  }

  /// Asks the clock whether it answers (it said nothing for `probeInterval`): a clock stopped
  /// or hung reads as offline within `probeInterval` and `requestTimeout`.
  private func probe(at now: UInt64) {
    switch send(.state, nil) {
    case .success, .failure(.refused), .failure(.busy): clockAnswered(at: monotonic.now())
    case .failure(.cancelled): break
    case .failure(.notAnswering): clockNotAnswering(at: monotonic.now())
    case .failure(let failure): clockLost("\(failure)", at: monotonic.now())
    }
    // Not answering: asked again after the next interval, not at once.
    lastAnswer = max(lastAnswer, now)
  }

  /// Whether tube care's count is to be read when `nextWearLook` comes: connected, and a clock
  /// that answers and has said its state.
  private var wearDue: Bool {
    guard case .connected = broker else { return false }
    return subscription != nil && answering && state != nil
  }

  /// Reads tube care's count and publishes it. A clock that refuses the request (it does not
  /// count, or predates it) is asked again only after the next connection to the broker.
  private func lookAtWear(at now: UInt64) {
    nextWearLook = now + Self.wearInterval
    switch send(.wear, nil) {
    case .success(let answer):
      clockAnswered(at: monotonic.now())
      guard let positions = answer["wear"].flatMap(TubeWear.positions(in:)) else { return }
      wear = positions
      publishClock(previous: state)
    case .failure(.refused):
      nextWearLook = .max
    case .failure:
      // Not answering, busy or gone: the probe and the subscription say so; tried next time.
      break
    }
  }

  private func clockAnswered(at now: UInt64) {
    lastAnswer = now
    guard !answering else { return }
    answering = true
    logger.notice("the clock at \(settings.socket) answers again")
    publishClock(previous: nil)
  }

  private func clockNotAnswering(at now: UInt64) {
    guard answering else { return }
    answering = false
    let message =
      "the clock at \(settings.socket) is not answering (stopped or hung?): availability offline, and what cannot"
      + " be sent is dropped"
    logger.warning("\(message)")
    publish(settings.topics.availability, "offline")
    drop(commands.removeAll(), because: "the clock at \(settings.socket) is not answering", at: now)
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
      case .oversized(let topic, let bytes, let retained):
        guard !retained || settings.topics.commandName(topic) == nil else { break }
        ignore(
          topic: topic,
          "\(bytes) bytes, more than the \(MQTTLimits.maximumPayloadBytes) a payload may have (not read)")
      case .published: break
      }
    }
  }

  private func connected() {
    let again = hasConnected
    hasConnected = true
    broker = .connected
    let now = monotonic.now()
    session.connected(at: now)
    brokerProblem = nil
    nextKeepAlive = now + keepAliveInterval
    nextWearLook = now
    publishedOffline()
    let protocolNote = mqtt5 ? "" : " (MQTT 3.1.1)"
    logger.notice(
      "connected to the MQTT broker \(place)\(again ? " again" : "") as \(settings.topics.base)\(protocolNote)"
    )
    client.subscribe(settings.topics.commands)
    client.subscribe(settings.topics.homeAssistantStatus)
    for topic in settings.device.retiredConfigs { publish(topic, "") }
    publishClock(previous: nil)
  }

  /// The login was refused: said with the disconnection that follows (the broker closes). A
  /// broker that does not speak MQTT 5 is tried again at once with 3.1.1.
  private func refused(_ code: Int32) {
    if mqtt5 && (code == 1 || code == 132) {
      retryWithMQTT311 = true
      ending = "the broker does not speak MQTT 5"
    } else {
      var reason = "the broker refused the login: \(client.library.describeRefusal(code))"
      if [4, 5, 134, 135].contains(code) { reason += " (check username and the password file in mqtt.yaml)" }
      ending = reason
    }
    client.disconnect()
  }

  private func disconnected(_ code: Int32) {
    let now = monotonic.now()
    let wasConnected: Bool
    if case .connected = broker { wasConnected = true } else { wasConnected = false }
    if retryWithMQTT311 {
      retryWithMQTT311 = false
      ending = nil
      switchToMQTT311(at: now)
      return
    }
    if let reason = ending {
      ending = nil
      brokerFailed(
        reason, at: now, wait: session.failed(at: now),
        level: reason.hasPrefix("the broker refused") ? .error : .warning)
      return
    }
    guard wasConnected else {
      brokerFailed(
        "cannot connect: \(describeConnectFailure(client.library.describe(code)))", at: now,
        wait: session.failed(at: now))
      return
    }
    publishedOffline()
    let (kind, wait) = session.ended(code: code, at: now)
    switch kind {
    case .takenOver, .probablyTakenOver:
      let how =
        kind == .takenOver
        ? "the broker says another client took the session of \(settings.topics.clientID)"
        : "the broker closed the connection soon after each login, as when another client uses the id "
          + settings.topics.clientID
      if !saidTakeover {
        let message =
          "MQTT broker \(place): \(how) — another nixie mqtt with the node id \(settings.topics.node)? Give each"
          + " clock its own --node-id (node-id: in mqtt.yaml); trying again in \(wait / 60_000_000_000) minutes rather"
          + " than take the session back"
        logger.warning("\(message)")
        saidTakeover = true
      }
      brokerProblem = how
      broker = .waiting(until: now + wait)
    case .other:
      let reason = client.library.describe(code)
      logger.warning("lost the MQTT broker \(place): \(reason); trying again in \(wait / 1_000_000_000) s")
      brokerProblem = "cannot connect: \(reason)"
      broker = .waiting(until: now + wait)
    }
  }

  /// The broker speaks only MQTT 3.1.1: said once, and tried again at once with it.
  private func switchToMQTT311(at now: UInt64) {
    do {
      try client.useMQTT311()
    } catch {
      brokerFailed("\(error)", at: now, wait: session.failed(at: now))
      return
    }
    mqtt5 = false
    let message =
      "MQTT broker \(place) does not speak MQTT 5: using 3.1.1, which cannot tell it the largest message nixie mqtt"
      + " takes (\(MQTTLimits.maximumPacketBytes) bytes): a bigger one is read whole before it is refused"
    logger.notice("\(message)")
    broker = .waiting(until: now)
  }

  /// What was published is the broker's to forget (it may restart without it): published
  /// again in full on the next connection.
  private func publishedOffline() {
    published = [:]
    faceTopics = []
  }

  private func message(topic: String, payload: [UInt8], retained: Bool) {
    let topics = settings.topics
    let now = monotonic.now()
    if topic == topics.homeAssistantStatus {
      if payload == Array("online".utf8) {
        if births == nil { births = Burst(at: now) } else { births?.add(at: now) }
      }
      return
    }
    guard let state else {
      ignore(topic: topic, "the clock is not reachable")
      return
    }
    if let name = topics.commandName(topic) {
      // A command kept by the broker is an old one: a command counts when it is sent.
      guard !retained else {
        logger.debug("\(Printable.shortened(topic)): a retained command, ignored")
        return
      }
      switch BridgeCommand.request(
        name: name, payload: payload, state: state, groupDigits: settings.groupDigits)
      {
      case .success(let request):
        queue(CommandQueue.Command(topic: topic, payload: payload, request: request))
      case .failure(let error): ignore(topic: topic, error.message)
      }
      return
    }
    if state.topics.contains(topic) {
      switch BridgeCommand.faceValue(payload) {
      case .success(let value):
        queue(
          CommandQueue.Command(
            topic: topic, payload: payload, request: .faceValue(topic: topic, value: value)))
      case .failure(let error): ignore(topic: topic, error.message)
      }
    }
  }

  /// A command for the clock: sent in its turn (to a clock that stopped answering too: it may
  /// have gone on, and the request goes out only once it answers), or, while the clock is gone,
  /// dropped.
  private func queue(_ command: CommandQueue.Command) {
    guard subscription != nil else {
      drop([command], because: "the clock at \(settings.socket) is not reachable", at: monotonic.now())
      return
    }
    commands.add(command)
  }

  /// What became of a message that was not handed to the clock, as warnings say it.
  private enum Verdict: String {
    case ignored
    case refused = "the clock refused"
    case notSent = "not sent"

    /// The status topic's word for it (nothing for a malformed payload).
    var status: String? {
      switch self {
      case .ignored: nil
      case .refused: "refused"
      case .notSent: "not sent"
      }
    }
  }

  /// A malformed payload: a warning with its topic (once per storm), nothing sent.
  private func ignore(topic: String, _ reason: String) {
    warn(.ignored, topic: topic, ": \(reason)", at: monotonic.now())
  }

  /// Commands that cannot be sent: dropped, and said (on the status topic too).
  private func drop(_ dropped: [CommandQueue.Command], because reason: String, at now: UInt64) {
    for command in dropped {
      warn(.notSent, topic: command.topic, " \(Self.quoted(command.payload)): \(reason)", at: now)
    }
  }

  /// Sends `command` to the clock, once it has answered on the same connection: a refusal is
  /// logged, published on the status topic, and the entity's state published again (Home
  /// Assistant's view goes back to what the clock does).
  private func forward(_ command: CommandQueue.Command, at now: UInt64) {
    let topic = command.topic
    switch send(command.request, .state) {
    case .success:
      clockAnswered(at: monotonic.now())
      logger.debug("\(Printable.shortened(topic)): sent to the clock")
    case .failure(.refused(let reason)):
      clockAnswered(at: monotonic.now())
      warn(
        .refused, topic: topic,
        " \(Self.quoted(command.payload)): \(Printable.shortened(reason, limit: 200))", at: now)
      if let name = settings.topics.commandName(topic), let state {
        publishStates(state, force: true, only: settings.topics.state(name))
      }
    case .failure(.busy):
      // Too many requests from everyone at once: this one goes again (unless a newer one came).
      commands.busy(command, at: monotonic.now())
    case .failure(.cancelled):
      break
    case .failure(.notAnswering(_, _, let what)):
      let reason =
        what == ControlClient.sentButNotAnswered
        ? "the clock at \(settings.socket) stopped answering as it was sent (it may apply it when it goes on)"
        : "the clock at \(settings.socket) is not answering"
      drop([command], because: reason, at: now)
      clockNotAnswering(at: monotonic.now())
    case .failure(let failure):
      drop([command], because: "\(failure)", at: now)
    }
  }

  /// A payload as messages quote it: escaped, cut short (`Printable.quoted`).
  static func quoted(_ payload: [UInt8]) -> String {
    Printable.quoted(String(decoding: payload, as: UTF8.self), limit: 64)
  }

  /// A warning that `topic`'s message met `verdict` (`detail`: the value and why): said, and
  /// published on the status topic, when it is the first of its storm, else counted for the
  /// storm's summary.
  private func warn(_ verdict: Verdict, topic: String, _ detail: String, at now: UInt64) {
    guard storms.note("\(verdict.rawValue)\u{0}\(topic)", detail, at: now) else { return }
    logger.warning("\(Printable.shortened(topic)): \(verdict.rawValue)\(detail)")
    if let word = verdict.status { publishStatus("\(word) \(Printable.shortened(topic))\(detail)") }
  }

  /// A storm over: one line with its count and the last of it.
  private func sumUp(_ kind: String, _ storm: WarningStorms.Storm) {
    let parts = kind.split(separator: "\u{0}", maxSplits: 1).map(String.init)
    guard parts.count == 2, let verdict = Verdict(rawValue: parts[0]) else { return }
    let topic = Printable.shortened(parts[1])
    let summary = "\(storm.unsaid) more in \(storm.burst.seconds) s (the last\(storm.last ?? ""))"
    logger.warning("\(topic): \(verdict.rawValue) \(summary)")
    if let word = verdict.status { publishStatus("\(word) \(topic): \(summary)") }
  }

  /// Publishes on the status topic (not retained), at most 255 characters: what Home Assistant
  /// keeps of a state.
  private func publishStatus(_ text: String) {
    let cut = text.count > 255 ? String(text.prefix(254)) + "…" : text
    publish(settings.topics.status, cut, retain: false)
  }

  /// Home Assistant came online (its birth message): the discovery configs and states again,
  /// once for a burst of births.
  private func answerBirths(_ burst: Burst) {
    births = nil
    guard let state else { return }
    let many = burst.count > 1 ? " (\(burst.count) birth messages in \(burst.seconds) s)" : ""
    logger.info("Home Assistant is online\(many): discovery published again")
    publishDiscovery(state, force: true)
    publishStates(state, force: true)
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
    guard let state, subscription != nil, answering else {
      publish(settings.topics.availability, "offline")
      return
    }
    publishDiscovery(state, force: false)
    followTopics(state.topics)
    publishStates(state, force: false)
    publish(settings.topics.availability, "online")
  }

  private func publishDiscovery(_ state: ClockState, force: Bool) {
    for (topic, payload) in settings.device.discovery(for: state, wear: wear) {
      publish(topic, payload, force: force)
    }
  }

  /// The state topics (only `only`, when given), as the clock's state, its start and tube
  /// care's count say.
  private func publishStates(_ state: ClockState, force: Bool, only: String? = nil) {
    for (topic, payload) in settings.device.states(for: state, started: started)
      + settings.device.wearStates(wear)
    where only.map({ $0 == topic }) ?? true {
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
