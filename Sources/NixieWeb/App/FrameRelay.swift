import NixieControl
import NixieLogging
import NixieSystem
import NixieText

/// The tubes' frames from the clock, for every viewer of the page: one subscription on the
/// control socket (however many viewers), read on a thread of its own. The latest frame is
/// kept with a sequence number; the web server's thread, woken by `onFrame`, sends each viewer
/// what it has not seen. The clock never waits for the web process, nor the relay for the
/// clock: connecting ends by `connectDeadline`, and a clock silent for `silence` (it sends at
/// least a keep-alive line a second; 3 s by default) is reported not answering — stopped or hung — until it
/// speaks again. When the clock goes away the relay says so and tries again each second.
public final class FrameRelay: @unchecked Sendable {
  /// Whether the clock can be reached.
  public enum Reach: String, Hashable, Sendable {
    /// Its lines are coming.
    case live
    /// Its socket is there, but it took no connection or sent nothing for `silence`: stopped
    /// (SIGSTOP) or hung.
    case notAnswering = "not answering"
    /// Nothing listens (no clock running), or it refused the subscription.
    case unreachable
  }

  /// The latest frame (its JSON object) and its number (0 before the first), and a number
  /// that changes with anything here.
  public struct Latest: Hashable, Sendable {
    public var sequence: UInt64
    public var frame: UInt64
    public var json: String?
    /// Whether the clock can be reached now.
    public var reach: Reach
    /// Whether the clock is live now.
    public var connected: Bool { reach == .live }
  }

  /// How long a connection to the clock may take.
  public static let connectDeadline: UInt64 = 1_500_000_000
  /// Silence after which the clock counts as not answering, by default: three keep-alives
  /// missed.
  public static let defaultSilence: UInt64 = 3_000_000_000

  private let path: String
  private let logger: Logger
  private let silence: UInt64
  private let latest = Locked(Latest(sequence: 0, frame: 0, json: nil, reach: .unreachable))
  private let onFrame = LockedAction<Void, Void>()
  private let worker = WorkerThread()

  public init(socket path: String, logger: Logger, silence: UInt64 = FrameRelay.defaultSilence) {
    self.path = path
    self.logger = logger
    self.silence = silence
  }

  /// Called (on the relay's thread) after each new frame or change of reach.
  public func notify(_ action: @escaping @Sendable () -> Void) { onFrame.set(action) }

  public var current: Latest { latest.withLock { $0 } }

  /// Starts relaying on a thread of its own.
  public func start() throws(SystemCallError) {
    try worker.start(name: "nixie-web-frames") { [self] in run() }
  }

  /// Stops at once: a wait for the clock's next frame, for a connection, or for the next try,
  /// ends.
  public func stop() { worker.stop() }

  private func publish(_ change: (inout Latest) -> Void) {
    latest.withLock {
      change(&$0)
      $0.sequence += 1
    }
    onFrame()
  }

  private func reach(_ reach: Reach) {
    guard current.reach != reach else { return }
    publish { $0.reach = reach }
  }

  private func run() {
    var warned = false
    let wait = SocketWait.worker(worker)
    while !worker.isStopping {
      do throws(SystemCallError) {
        try follow(wait)
        reach(.unreachable)
      } catch {
        if error == SocketWait.cancelled {
          reach(.unreachable)
          return
        }
        reach(error.errno == .timedOut ? .notAnswering : .unreachable)
        if !warned { logger.warning("the clock's frames: \(error); trying again every second") }
        warned = true
      }
      do {
        guard try worker.wait(for: [], timeout: 1_000_000_000) != nil else { return }
      } catch {
        logger.error("the clock's frames are not relayed any more: \(error)")
        return
      }
    }
  }

  /// One subscription, until the clock closes it or the relay stops (`SocketWait.cancelled`).
  private func follow(_ wait: SocketWait) throws(SystemCallError) {
    guard let address = UnixSocket.Address(path) else {
      throw SystemCallError("connect", errno: .invalidArgument)
    }
    let socket = try UnixSocket.connect(to: address, by: wait.now() + Self.connectDeadline, waiting: wait)
    try socket.send(
      Array((ControlRequest.subscribe.line + "\n").utf8), by: wait.now() + Self.connectDeadline, waiting: wait
    )
    var buffer: [UInt8] = []
    var subscribed = false
    while true {
      // Until the clock sends or hangs up, or the relay stops; silence is a stopped clock.
      guard let ready = try worker.wait(for: [Poll.Interest(socket.descriptor.rawValue)], timeout: silence)
      else { throw SocketWait.cancelled }
      guard ready.descriptors[0].readable || ready.descriptors[0].failed else {
        if !ready.woken { reach(.notAnswering) }
        continue
      }
      guard let chunk = try socket.receive(upTo: 65_536) else { continue }
      guard !chunk.isEmpty else { return }
      buffer += chunk
      guard buffer.count <= 1 << 20 else { return }
      if subscribed { reach(.live) }
      while let newline = buffer.firstIndex(of: 10) {
        let line = Array(buffer[..<newline])
        buffer.removeFirst(newline + 1)
        guard let value = try? JSONReader.read(line) else { continue }
        if !subscribed {
          guard value["subscribed"] == .string("frames") else {
            logger.warning("the clock refused the frames: \(Printable.escaped(value["error"]?.text ?? "?"))")
            return
          }
          subscribed = true
          reach(.live)
          continue
        }
        if let frame = value["frame"] {
          publish {
            $0.frame += 1
            $0.json = frame.text
          }
        }
      }
    }
  }
}
