import NixieLogging
import NixieCore
import NixieSystem
import Synchronization

/// The control socket: a Unix stream socket (by default `/run/nixie/control.sock`, mode 0660,
/// owned by a group) taking newline-delimited JSON requests and answering each with
/// `{"ok": true}` or `{"error": "…"}`.
///
/// It runs on its own thread and only ever hands the daemon loop a checked command through
/// the inbox, so whatever a client sends — garbage, huge lines, floods, half a line and a
/// hang-up — costs it an error reply or its connection, never the clock's time. A client has
/// `requestDeadline` to send each whole request; when all places are taken, a new client
/// takes the place of the one closest to its deadline, so idle connections cannot lock others
/// out. Out of file descriptors (EMFILE, ENFILE), it stops accepting for a while, backing off
/// up to a second, says so in the log once a minute, and picks up by itself. A reply to a
/// request refused for load carries `"busy": true` (`nixie send` exits 75).
public final class ControlServer: @unchecked Sendable {
  public let path: String
  private let configured: Mutex<ControlLimits>
  /// The limits the serving thread applies (its own copy of `limits`).
  private var active: ControlLimits
  private let listener: UnixSocket
  private let stopEvent: WakeUpEvent
  private let handle: @Sendable (ControlRequest) -> String?
  private let logger: Logger
  private let monotonic: @Sendable () -> UInt64
  private var thread: SystemThread?

  /// One connected client and what it has sent so far.
  private final class Client {
    let socket: UnixSocket
    var buffer: [UInt8] = []
    /// Skipping the rest of an oversized line, up to its newline.
    var discarding = false
    var bucket: TokenBucket
    var refusals = 0
    /// When it must have sent its next whole request (monotonic nanoseconds).
    var deadline: UInt64

    init(socket: UnixSocket, bucket: TokenBucket, deadline: UInt64) {
      self.socket = socket
      self.bucket = bucket
      self.deadline = deadline
    }
  }

  /// While accept fails for want of descriptors: when to try again, and the pause after that.
  private var acceptPausedUntil: UInt64?
  private var acceptPause: UInt64 = 0
  /// When the last "out of descriptors" line was logged.
  private var lastDescriptorWarning: UInt64?

  private var clients: [Client] = []
  private var total: TokenBucket

  /// Binds the socket at `path` (replacing a stale socket file no one listens on), sets its
  /// mode to 0660 and its group to `group`. `handle` checks a request and acts on it,
  /// returning nil for success or the error message.
  public init(
    path: String, group: String?, limits: ControlLimits, logger: Logger,
    monotonic: @escaping @Sendable () -> UInt64, handle: @escaping @Sendable (ControlRequest) -> String?
  ) throws(SystemCallError) {
    self.path = path
    self.configured = Mutex(limits)
    self.active = limits
    self.handle = handle
    self.logger = logger
    self.monotonic = monotonic
    self.total = TokenBucket(rate: limits.totalRequestsPerSecond, burst: limits.totalRequestsPerSecond * 2)
    stopEvent = try WakeUpEvent()
    listener = try UnixSocket.listening(
      at: path, mode: 0o660, group: group, groupIfPossible: group == nil ? ControlSocketPath.group : nil)
    try listener.descriptor.setNonBlocking()
  }

  /// The limits in force (the configuration's).
  public var limits: ControlLimits { configured.withLock { $0 } }

  /// New limits (a reloaded configuration), applied from the next thing a client does. The
  /// rate buckets start afresh with the new rates.
  public func update(limits: ControlLimits) {
    configured.withLock { $0 = limits }
  }

  /// Starts serving on a thread of its own; throws when the system cannot make one.
  public func start() throws(SystemCallError) {
    guard thread == nil else { return }
    thread = try SystemThread.start(name: "nixie-control") { [self] in serve() }
  }

  /// Stops serving, closes every client and removes the socket file.
  public func stop() {
    guard thread != nil else { return }
    stopEvent.signal()
    thread?.join()
    thread = nil
    FileSystem.remove(path)
  }

  private func serve() {
    while true {
      let now = monotonic()
      if let paused = acceptPausedUntil, now >= paused { acceptPausedUntil = nil }
      let listening = acceptPausedUntil == nil
      var descriptors = [stopEvent.descriptor.rawValue]
      if listening { descriptors.append(listener.descriptor.rawValue) }
      let firstClient = descriptors.count
      descriptors += clients.map(\.socket.descriptor.rawValue)
      let wake = (clients.map(\.deadline) + [acceptPausedUntil].compactMap { $0 }).min()
      let ready: [Int]
      do {
        ready = try Poll.readable(descriptors, timeout: wake.map { $0 > now ? $0 - now : 0 })
      } catch {
        logger.error("control socket: \(error)")
        return
      }
      if ready.contains(0) {
        clients.removeAll()
        return
      }
      applyLimits()
      let readyClients = ready.filter { $0 >= firstClient }.map { clients[$0 - firstClient] }
      for client in readyClients where clients.contains(where: { $0 === client }) { read(client) }
      closeLingering(at: monotonic())
      if listening && ready.contains(1) { acceptClients() }
    }
  }

  /// Closes the clients that did not send a whole request in time.
  private func closeLingering(at now: UInt64) {
    clients.removeAll { $0.deadline <= now }
  }

  /// Out of descriptors: stop accepting for a while (the connection waits in the backlog,
  /// and polling a listener that cannot accept would spin), doubling the pause up to a second.
  private func pauseAccepting(_ error: SystemCallError) {
    let now = monotonic()
    acceptPause = min(max(acceptPause * 2, 50_000_000), 1_000_000_000)
    acceptPausedUntil = now + acceptPause
    if lastDescriptorWarning.map({ now - $0 >= 60_000_000_000 }) ?? true {
      lastDescriptorWarning = now
      logger.warning("control socket: \(error); new connections wait until descriptors are free")
    }
  }

  private func applyLimits() {
    let current = limits
    guard current != active else { return }
    active = current
    total = TokenBucket(rate: active.totalRequestsPerSecond, burst: active.totalRequestsPerSecond * 2)
    for client in clients {
      client.bucket = TokenBucket(rate: active.requestsPerSecond, burst: active.requestsPerSecond * 2)
    }
  }

  private func acceptClients() {
    while true {
      let accepted: UnixSocket?
      do {
        accepted = try listener.accept()
      } catch {
        if error.errno == Errno.tooManyOpenFiles || error.errno == Errno.tooManyOpenFilesInSystem {
          pauseAccepting(error)
        } else {
          logger.warning("control socket: \(error)")
        }
        return
      }
      acceptPause = 0
      guard let socket = accepted else { return }
      if clients.count >= active.maximumClients, let closest = clients.min(by: { $0.deadline < $1.deadline })
      {
        // The client closest to its deadline makes room: a lingering one cannot lock others out.
        _ = try? closest.socket.send(Array(Self.reply(busy: "too many clients; try again").utf8))
        drop(closest)
      }
      clients.append(
        Client(
          socket: socket,
          bucket: TokenBucket(rate: active.requestsPerSecond, burst: active.requestsPerSecond * 2),
          deadline: monotonic() + active.requestDeadline))
    }
  }

  private func read(_ client: Client) {
    let bytes: [UInt8]?
    do {
      bytes = try client.socket.receive(upTo: 4096)
    } catch {
      drop(client)
      return
    }
    guard let bytes else { return }
    // End of stream: whatever partial line is left is dropped, harmlessly.
    guard !bytes.isEmpty else {
      drop(client)
      return
    }
    var start = bytes.startIndex
    while start < bytes.endIndex {
      guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else {
        take(bytes[start...], into: client)
        break
      }
      take(bytes[start..<newline], into: client)
      let line = client.buffer
      let discarded = client.discarding
      client.buffer.removeAll(keepingCapacity: true)
      client.discarding = false
      start = newline + 1
      if !answer(line: line, discarded: discarded, from: client) { return }
    }
  }

  private func take(_ bytes: ArraySlice<UInt8>, into client: Client) {
    guard !client.discarding else { return }
    client.buffer.append(contentsOf: bytes)
    if client.buffer.count > active.maximumLineBytes {
      client.buffer.removeAll()
      client.discarding = true
    }
  }

  /// Answers one line; false when the client was dropped.
  private func answer(line: [UInt8], discarded: Bool, from client: Client) -> Bool {
    let text: String
    var refused = true
    let now = monotonic()
    if discarded {
      text = Self.reply(error: "line too long: at most \(active.maximumLineBytes) bytes")
    } else if line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
      return true
    } else if !client.bucket.take(at: now) || !total.take(at: now) {
      text = Self.reply(busy: "too many requests; slow down")
    } else {
      switch ControlRequest.parse(line) {
      case .failure(let error):
        text = Self.reply(error: error.message)
      case .success(let request):
        if let error = handle(request) {
          text = Self.reply(error: error)
        } else {
          text = #"{"ok": true}"# + "\n"
          refused = false
          logger.debug("control socket: request taken: \(request)")
        }
      }
    }
    if refused { client.refusals += 1 }
    client.deadline = now + active.requestDeadline
    let sent = (try? client.socket.send(Array(text.utf8))) ?? false
    guard sent, client.refusals <= active.maximumRefusals else {
      drop(client)
      return false
    }
    return true
  }

  private func drop(_ client: Client) {
    clients.removeAll { $0 === client }
  }

  private static func reply(error: String) -> String {
    JSONText.object([("error", JSONText.quoted(error))]) + "\n"
  }

  /// A refusal for load: the request was fine, the clock is busy.
  private static func reply(busy: String) -> String {
    JSONText.object([("error", JSONText.quoted(busy)), ("busy", "true")]) + "\n"
  }
}
