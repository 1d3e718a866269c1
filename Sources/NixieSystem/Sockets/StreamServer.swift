/// A server for stream sockets on a thread of its own, for protocols that must not let any
/// client hurt the others or the process: the control socket and `nixie web`.
///
/// What every client gets, whatever its protocol (a `StreamService`):
/// - **Deadlines.** A client has until its deadline to do what the protocol expects (send a
///   whole request line, a whole HTTP request); one that lingers is told so (the service's
///   `deadlineNotice`, as much as the kernel takes at once) and closed.
/// - **Eviction, not lock-out.** When all `maximumConnections` places are taken, a newcomer
///   takes the place of the client closest to its deadline (clients without a deadline, the
///   subscribers, are never evicted), so idle connections cannot lock others out.
/// - **Bounded output.** What waits to be sent to a client is at most
///   `maximumPendingBytes`; a client that does not read is dropped, never buffered without
///   bound. Output goes out as the kernel takes it (poll for writability), never blocking.
/// - **Out of descriptors** (EMFILE, ENFILE): it stops accepting for a while, backing off up
///   to a second, reports it at most once a minute, and picks up by itself.
///
/// `wake()` (any thread) makes it call the service's `tick` at once: how events reach
/// subscribers.
public final class StreamServer<Service: StreamService>: @unchecked Sendable {
  private let listeners: [any StreamSocket]
  private let service: Service
  private let monotonic: @Sendable () -> UInt64
  private let report: @Sendable (String) -> Void
  private let worker = WorkerThread()
  private var connections: [StreamConnection<Service.State>] = []
  private var nextTick: UInt64?

  /// While accept fails for want of descriptors: when to try again, and the pause after that.
  private var acceptPausedUntil: UInt64?
  private var acceptPause: UInt64 = 0
  private var lastDescriptorWarning: UInt64?

  /// Serves `service` on `listeners` (listening sockets, made non-blocking here). `report`
  /// hears of trouble worth a log line (accept failing).
  public init(
    listeners: [any StreamSocket], service: Service, monotonic: @escaping @Sendable () -> UInt64,
    report: @escaping @Sendable (String) -> Void
  ) throws(SystemCallError) {
    self.listeners = listeners
    self.service = service
    self.monotonic = monotonic
    self.report = report
    for listener in listeners { try listener.descriptor.setNonBlocking() }
  }

  /// Starts serving on a thread named `name`; throws when the system cannot make one.
  public func start(name: String) throws(SystemCallError) {
    try worker.start(name: name) { [self] in serve() }
  }

  /// Stops serving and closes every client (without `closed` calls). Waits for the thread.
  public func stop() { worker.stop() }

  /// Makes the server call the service's `tick` soon. Safe from any thread.
  public func wake() { worker.wake() }

  private func serve() {
    while true {
      let now = monotonic()
      if let paused = acceptPausedUntil, now >= paused { acceptPausedUntil = nil }
      let accepting = acceptPausedUntil == nil
      var interests = accepting ? listeners.map { Poll.Interest($0.descriptor.rawValue) } : []
      let firstConnection = interests.count
      interests += connections.map { connection in
        Poll.Interest(
          connection.socket.descriptor.rawValue, readable: !connection.isClosing,
          writable: connection.pendingBytes > 0)
      }
      let wake = (connections.compactMap(\.deadline) + [acceptPausedUntil, nextTick].compactMap { $0 }).min()
      let waited: WorkerThread.Ready?
      do {
        waited = try worker.wait(for: interests, timeout: wake.map { $0 > now ? $0 - now : 0 })
      } catch {
        report("\(error)")
        return
      }
      guard let waited else {
        connections.removeAll()
        return
      }
      let ready = waited.descriptors
      let current = connections
      for (index, connection) in current.enumerated() {
        let readiness = ready[firstConnection + index]
        if readiness.writable { connection.flush() }
        if (readiness.readable || readiness.failed) && !connection.isClosing && !connection.isDropped {
          read(connection)
        }
        connection.flush()
      }
      let after = monotonic()
      if waited.woken || nextTick.map({ after >= $0 }) == true {
        nextTick = service.tick(connections.filter { !$0.isDropped }, at: after)
        for connection in connections { connection.flush() }
      }
      closeFinished(at: after)
      if accepting && ready[..<firstConnection].contains(where: \.readable) { acceptClients() }
    }
  }

  private func read(_ connection: StreamConnection<Service.State>) {
    let bytes: [UInt8]?
    do {
      bytes = try connection.socket.receiveAvailable(upTo: 16_384)
    } catch {
      connection.drop()
      return
    }
    guard let bytes else { return }
    guard !bytes.isEmpty else {
      // End of stream: a client that hung up is gone, whatever it left half-sent.
      connection.drop()
      return
    }
    service.received(bytes, on: connection, at: monotonic())
  }

  /// Removes the clients that are done, were dropped, or are past their deadline.
  private func closeFinished(at now: UInt64) {
    connections.removeAll { connection in
      if let deadline = connection.deadline, deadline <= now, !connection.isFinished {
        if connection.pendingBytes == 0 && !connection.isClosing {
          _ = try? connection.socket.sendAvailable(service.deadlineNotice()[...])
        }
        connection.drop()
      }
      guard connection.isFinished else { return false }
      service.closed(connection)
      return true
    }
  }

  /// Out of descriptors: stop accepting for a while (the connection waits in the backlog,
  /// and polling a listener that cannot accept would spin), doubling the pause up to a second.
  private func pauseAccepting(_ error: SystemCallError) {
    let now = monotonic()
    acceptPause = min(max(acceptPause * 2, 50_000_000), 1_000_000_000)
    acceptPausedUntil = now + acceptPause
    if lastDescriptorWarning.map({ now - $0 >= 60_000_000_000 }) ?? true {
      lastDescriptorWarning = now
      report("\(error); new connections wait until descriptors are free")
    }
  }

  private func acceptClients() {
    for listener in listeners {
      while true {
        let accepted: (any StreamSocket)?
        do {
          accepted = try listener.acceptConnection()
        } catch {
          if error.errno == Errno.tooManyOpenFiles || error.errno == Errno.tooManyOpenFilesInSystem {
            pauseAccepting(error)
          } else {
            report("\(error)")
          }
          return
        }
        acceptPause = 0
        guard let socket = accepted else { break }
        admit(socket)
      }
    }
  }

  private func admit(_ socket: any StreamSocket) {
    let live = connections.filter { !$0.isFinished }
    if live.count >= service.maximumConnections {
      // The client closest to its deadline makes room: a lingering one cannot lock others out.
      guard
        let closest = live.filter({ $0.deadline != nil }).min(by: { ($0.deadline ?? 0) < ($1.deadline ?? 0) })
      else {
        // Every place is a subscriber's: the newcomer is told and closed.
        _ = try? socket.sendAvailable(service.evictionNotice()[...])
        return
      }
      _ = try? closest.socket.sendAvailable(service.evictionNotice()[...])
      closest.drop()
      closeFinished(at: monotonic())
    }
    let now = monotonic()
    let (state, deadline) = service.opened(by: socket, at: now)
    connections.append(
      StreamConnection(
        socket: socket, state: state, deadline: deadline, maximumPendingBytes: service.maximumPendingBytes))
  }
}
