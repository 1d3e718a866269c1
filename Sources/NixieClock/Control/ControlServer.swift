import NixieControl
import NixieCore
import NixieLogging
import NixieSystem
import NixieText

/// The control socket: a Unix stream socket (by default `/run/nixie/control.sock`, mode 0660,
/// owned by a group) taking newline-delimited JSON requests and answering each with one line:
/// `{"ok": true}` (with data for a version 2 request) or `{"error": "…"}`.
///
/// It runs on its own thread (a `StreamServer`: deadlines, eviction, bounded output, back-off
/// when out of descriptors) and only ever hands the daemon loop a checked command through the
/// inbox, so whatever a client sends — garbage, huge lines, floods, half a line and a hang-up —
/// costs it an error reply or its connection, never the clock's time. A client has
/// `requestDeadline` to send each whole request. A reply to a request refused for load carries
/// `"busy": true` (`nixie send` exits 75).
///
/// A client that subscribes gets the frames (`FramePublisher`) as lines from then on, and
/// `{"alive": true}` whenever nothing else was sent for `ControlService.keepAlive` (so a
/// subscriber can tell a stopped clock from a still display); or the state whenever it changes
/// (`ClockStateReport.subscription`, woken by `ClockStatus.onChange`; no keep-alive). A
/// subscriber has no deadline, at most `maximumSubscribers` may subscribe (of both kinds), and
/// one that does not read is dropped once `maximumPendingBytes` wait for it.
public final class ControlServer: @unchecked Sendable {
  public let path: String
  private let file: ListeningSocketFile
  private let service: ControlService
  private let server: StreamServer<ControlService>

  /// Claims the socket at `path` (`claim(path:group:)`) and serves on it. `handle` checks a
  /// request and acts on it; `frames` feeds frame subscribers and `states` state subscribers
  /// (nil: those subscriptions are refused).
  public convenience init(
    path: String, group: String?, limits: ControlLimits, logger: Logger,
    monotonic: @escaping @Sendable () -> UInt64, frames: FramePublisher? = nil,
    states: ClockStateReport? = nil,
    handle: @escaping @Sendable (ControlRequest) -> ControlReply
  ) throws(ListeningSocketFile.Failure) {
    let file = try Self.claim(path: path, group: group)
    do throws(SystemCallError) {
      try self.init(
        socket: file, limits: limits, logger: logger, monotonic: monotonic, frames: frames, states: states,
        handle: handle)
    } catch {
      file.remove()
      throw .system(error)
    }
  }

  /// Claims the control socket at `path` for this process, as the clock does before it opens
  /// its board: under the lock `PATH.lock` (a second clock is refused, naming the first's
  /// PID), replacing a stale socket file no one listens on, mode 0660, group `group` (nil:
  /// `nixie` when it exists and may be given).
  public static func claim(path: String, group: String?) throws(ListeningSocketFile.Failure)
    -> ListeningSocketFile
  {
    try ListeningSocketFile(
      path: path, mode: 0o660, group: group, groupIfPossible: group == nil ? ControlSocketPath.group : nil)
  }

  /// Serves on the claimed `socket`; `stop()` removes it.
  public init(
    socket file: ListeningSocketFile, limits: ControlLimits, logger: Logger,
    monotonic: @escaping @Sendable () -> UInt64, frames: FramePublisher? = nil,
    states: ClockStateReport? = nil,
    handle: @escaping @Sendable (ControlRequest) -> ControlReply
  ) throws(SystemCallError) {
    self.path = file.path
    self.file = file
    service = ControlService(limits: limits, frames: frames, states: states, logger: logger, handle: handle)
    server = try StreamServer(
      listeners: [file.socket], service: service, monotonic: monotonic,
      report: { logger.warning("control socket: \($0)") })
    // A new plan matters to subscribers only: without any, the server thread sleeps on. Held
    // weakly: the service holds `frames`, so a strong capture would be a retain cycle that
    // keeps the server, its thread's state and the whole session alive for ever (LeakSanitizer).
    frames?.onPlan { [weak server = self.server, weak service = self.service] in
      guard let server, let service, service.isPublishing.withLock({ $0 }) else { return }
      server.wake()
    }
    states?.status.onChange { [weak server = self.server, weak service = self.service] in
      guard let server, let service, service.isPublishingState.withLock({ $0 }) else { return }
      service.stateChanged.withLock { $0 = true }
      server.wake()
    }
    // A new subscriber starts the keep-alive ticks.
    service.onSubscribe = { [weak server = self.server] in server?.wake() }
  }

  /// The limits in force (the configuration's).
  public var limits: ControlLimits { service.configured.withLock { $0 } }

  /// New limits (a reloaded configuration), applied from the next thing a client does. The
  /// rate buckets start afresh with the new rates.
  public func update(limits: ControlLimits) {
    service.configured.withLock { $0 = limits }
    server.wake()
  }

  /// Starts serving on a thread of its own; throws when the system cannot make one.
  public func start() throws(SystemCallError) {
    try server.start(name: "nixie-control")
  }

  /// Stops serving, closes every client, removes the socket file (when it is still the one
  /// made here) and releases the claim.
  public func stop() {
    server.stop()
    file.remove()
  }
}

/// The control protocol on a `StreamServer`: lines in, one reply line each, frames out to
/// subscribers. Runs on the server's thread.
final class ControlService: StreamService, @unchecked Sendable {
  /// One client: what it has sent so far and how it behaved.
  struct Client {
    var buffer: [UInt8] = []
    /// Skipping the rest of an oversized line, up to its newline.
    var discarding = false
    var bucket: TokenBucket
    var refusals = 0
    /// Subscribed to the frames or the state: it only listens from now on.
    var subscribed = false
    /// Subscribed to the state (not the frames), and the key of the state it was sent last.
    var wantsState = false
    var stateKey: String?
  }

  let configured: Locked<ControlLimits>
  /// Whether anyone subscribes to the frames (set on the server's thread, read by the
  /// frame thread's plans to decide whether to wake it).
  let isPublishing = Locked(false)
  /// Whether anyone subscribes to the state (read by the daemon loop's thread).
  let isPublishingState = Locked(false)
  /// Whether the daemon loop said the state changed since the last tick sent it: the state is
  /// made only then, not on every tick (a fade's frames come 25 times a second).
  let stateChanged = Locked(false)
  /// The limits the serving thread applies (its own copy).
  private var active: ControlLimits
  private var total: TokenBucket
  private let frames: FramePublisher?
  private let states: ClockStateReport?
  private let handle: @Sendable (ControlRequest) -> ControlReply
  private let logger: Logger
  /// The last frame sent to subscribers.
  private var lastFrame: String?
  /// When subscribers were last sent a line.
  private var lastPublished: UInt64 = 0
  /// Called on the server's thread when a client subscribes: wakes the server, whose tick
  /// then keeps the subscribers' lines coming.
  var onSubscribe: () -> Void = {}

  /// The longest a subscriber waits for a line: without a new frame, `{"alive": true}`.
  static let keepAlive: UInt64 = 1_000_000_000
  /// The keep-alive line.
  static let aliveLine = Array(#"{"alive": true}"#.utf8) + [10]

  init(
    limits: ControlLimits, frames: FramePublisher?, states: ClockStateReport? = nil, logger: Logger,
    handle: @escaping @Sendable (ControlRequest) -> ControlReply
  ) {
    self.states = states
    self.logger = logger
    configured = Locked(limits)
    active = limits
    total = TokenBucket(rate: limits.totalRequestsPerSecond, burst: limits.totalRequestsPerSecond * 2)
    self.frames = frames
    self.handle = handle
  }

  var maximumConnections: Int { active.maximumClients + active.maximumSubscribers }
  var maximumPendingBytes: Int { active.maximumPendingBytes }

  private func applyLimits(_ connections: [StreamConnection<Client>]) {
    let current = configured.withLock { $0 }
    guard current != active else { return }
    active = current
    total = TokenBucket(rate: active.totalRequestsPerSecond, burst: active.totalRequestsPerSecond * 2)
    for connection in connections {
      connection.state.bucket = TokenBucket(
        rate: active.requestsPerSecond, burst: active.requestsPerSecond * 2)
    }
  }

  func opened(by socket: any StreamSocket, at now: UInt64) -> (state: Client, deadline: UInt64?) {
    applyLimits([])
    return (
      Client(bucket: TokenBucket(rate: active.requestsPerSecond, burst: active.requestsPerSecond * 2)),
      now + active.requestDeadline
    )
  }

  func evictionNotice() -> [UInt8] { Array(ControlReply.busy("too many clients; try again").utf8) }

  /// Nothing: a control client past its deadline is closed silently, as before.
  func deadlineNotice() -> [UInt8] { [] }

  func closed(_ connection: StreamConnection<Client>) {}

  func received(_ bytes: [UInt8], on connection: StreamConnection<Client>, at now: UInt64) {
    applyLimits([connection])
    // A subscriber only listens: what it sends is read (to see it hang up) and ignored.
    guard !connection.state.subscribed else { return }
    var start = bytes.startIndex
    while start < bytes.endIndex && !connection.isDropped && !connection.isClosing
      && !connection.state.subscribed
    {
      guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
        take(bytes[start...], into: connection)
        break
      }
      take(bytes[start..<newline], into: connection)
      let line = connection.state.buffer
      let discarded = connection.state.discarding
      connection.state.buffer.removeAll(keepingCapacity: true)
      connection.state.discarding = false
      start = newline + 1
      answer(line: line, discarded: discarded, on: connection, at: now)
    }
  }

  private func take(_ bytes: ArraySlice<UInt8>, into connection: StreamConnection<Client>) {
    guard !connection.state.discarding else { return }
    connection.state.buffer.append(contentsOf: bytes)
    if connection.state.buffer.count > active.maximumLineBytes {
      connection.state.buffer.removeAll()
      connection.state.discarding = true
    }
  }

  /// Answers one line.
  private func answer(line: [UInt8], discarded: Bool, on connection: StreamConnection<Client>, at now: UInt64)
  {
    var text: String
    var refused = true
    if discarded {
      text = ControlReply.refused("line too long: at most \(active.maximumLineBytes) bytes").line
    } else if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
      return
    } else if !connection.state.bucket.take(at: now) || !total.take(at: now) {
      text = ControlReply.busy("too many requests; slow down")
    } else {
      switch ControlRequest.parse(line) {
      case .failure(let error):
        text = ControlReply.refused(error.message).line
      case .success(.subscribe):
        text = subscribe(connection, at: now)
        refused = !connection.state.subscribed
      case .success(.subscribeState):
        text = subscribeState(connection)
        refused = !connection.state.subscribed
      case .success(let request):
        let reply = handle(request)
        text = reply.line
        if case .refused = reply {
        } else {
          refused = false
          logger.debug("control socket: request taken: \(request)")
        }
      }
    }
    if refused { connection.state.refusals += 1 }
    if !connection.state.subscribed { connection.deadline = now + active.requestDeadline }
    // A persistent offender gets its replies, then is disconnected (what it sends after is ignored).
    if connection.send(Array(text.utf8)), connection.state.refusals > active.maximumRefusals {
      connection.close()
    }
  }

  /// Makes `connection` a subscriber, if there is room: the reply, then the frame shown now.
  private func subscribe(_ connection: StreamConnection<Client>, at now: UInt64) -> String {
    guard let frames else { return ControlReply.refused("this clock publishes no frames").line }
    let subscribers = subscriberCount
    guard subscribers < active.maximumSubscribers else {
      return ControlReply.busy("too many subscribers (at most \(active.maximumSubscribers)); try again later")
    }
    subscriberCount += 1
    isPublishing.withLock { $0 = true }
    connection.state.subscribed = true
    connection.deadline = nil
    let frame = frames.frame(at: now).json
    // The first subscriber's frame is the last one sent: the tick does not send it again.
    if lastFrame == nil { lastFrame = frame }
    lastPublished = now
    onSubscribe()
    return ControlReply.subscribe.line + JSONText.object([("frame", frame)]) + "\n"
  }

  /// Makes `connection` a state subscriber, if there is room: the reply, then the state now.
  private func subscribeState(_ connection: StreamConnection<Client>) -> String {
    guard let states else { return ControlReply.refused("this clock publishes no state").line }
    guard subscriberCount < active.maximumSubscribers else {
      return ControlReply.busy("too many subscribers (at most \(active.maximumSubscribers)); try again later")
    }
    subscriberCount += 1
    isPublishingState.withLock { $0 = true }
    connection.state.subscribed = true
    connection.state.wantsState = true
    connection.deadline = nil
    let (key, json) = states.subscription()
    connection.state.stateKey = key
    return ControlReply.subscribeState.line + JSONText.object([("state", json)]) + "\n"
  }

  /// Subscribers at the moment (counted as they come and go).
  private var subscriberCount = 0

  func tick(_ connections: [StreamConnection<Client>], at now: UInt64) -> UInt64? {
    applyLimits(connections)
    let listening = connections.filter { $0.state.subscribed && !$0.isDropped }
    let stateSubscribers = listening.filter(\.state.wantsState)
    let frameSubscribers = listening.filter { !$0.state.wantsState }
    subscriberCount = listening.count
    isPublishing.withLock { $0 = !frameSubscribers.isEmpty }
    isPublishingState.withLock { $0 = !stateSubscribers.isEmpty }
    if let states, !stateSubscribers.isEmpty,
      stateChanged.withLock({ changed in
        defer { changed = false }; return changed
      })
    {
      let (key, json) = states.subscription()
      let line = Array((JSONText.object([("state", json)]) + "\n").utf8)
      for connection in stateSubscribers where connection.state.stateKey != key {
        connection.send(line)
        connection.state.stateKey = key
      }
    }
    // The rest is for frame subscribers: state subscribers hear of changes only.
    guard !frameSubscribers.isEmpty else {
      lastFrame = nil
      return nil
    }
    let subscribers = frameSubscribers
    var next: UInt64?
    if let frames {
      let (json, settled) = frames.frame(at: now)
      // The timestamp differs in every sample: compare what the tubes show.
      let shown = json.drop { $0 != "," }
      if shown != lastFrame?.drop(while: { $0 != "," }) {
        let line = Array((JSONText.object([("frame", json)]) + "\n").utf8)
        for connection in subscribers { connection.send(line) }
        lastFrame = json
        lastPublished = now
      }
      if !settled { next = now + frames.interval }
    }
    if now >= lastPublished + Self.keepAlive {
      for connection in subscribers { connection.send(Self.aliveLine) }
      lastPublished = now
    }
    return min(next ?? .max, lastPublished + Self.keepAlive)
  }
}
