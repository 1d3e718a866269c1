import NixieControl
import NixieLogging
import NixieSystem
import NixieText

/// The tubes' frames from the clock, for every viewer of the page: one subscription on the
/// control socket (however many viewers), read on a thread of its own. The latest frame is
/// kept with a sequence number; the web server's thread, woken by `onFrame`, sends each viewer
/// what it has not seen. When the clock goes away the relay says so and tries again each
/// second; the clock never waits for the web process.
public final class FrameRelay: @unchecked Sendable {
  /// The latest frame (its JSON object) and its number (0 before the first), and a number
  /// that changes with anything here.
  public struct Latest: Hashable, Sendable {
    public var sequence: UInt64
    public var frame: UInt64
    public var json: String?
    /// Whether the clock is reachable now.
    public var connected: Bool
  }

  private let path: String
  private let logger: Logger
  private let latest = Locked(Latest(sequence: 0, frame: 0, json: nil, connected: false))
  private let onFrame = LockedAction<Void, Void>()
  private let worker = WorkerThread()

  public init(socket path: String, logger: Logger) {
    self.path = path
    self.logger = logger
  }

  /// Called (on the relay's thread) after each new frame.
  public func notify(_ action: @escaping @Sendable () -> Void) { onFrame.set(action) }

  public var current: Latest { latest.withLock { $0 } }

  /// Starts relaying on a thread of its own.
  public func start() throws(SystemCallError) {
    try worker.start(name: "nixie-web-frames") { [self] in run() }
  }

  /// Stops at once: a wait for the clock's next frame, or for the next try, ends.
  public func stop() { worker.stop() }

  private func publish(_ change: (inout Latest) -> Void) {
    latest.withLock {
      change(&$0)
      $0.sequence += 1
    }
    onFrame()
  }

  private func run() {
    var warned = false
    while !worker.isStopping {
      do throws(SystemCallError) {
        try follow()
      } catch {
        if !warned { logger.warning("the clock's frames: \(error); trying again every second") }
        warned = true
      }
      publish { $0.connected = false }
      do {
        guard try worker.wait(for: [], timeout: 1_000_000_000) != nil else { return }
      } catch {
        logger.error("the clock's frames are not relayed any more: \(error)")
        return
      }
    }
  }

  /// One subscription, until the clock closes it or the relay stops.
  private func follow() throws(SystemCallError) {
    guard let address = UnixSocket.Address(path) else {
      throw SystemCallError("connect", errno: .invalidArgument)
    }
    let socket = try UnixSocket(datagram: false)
    try socket.connect(to: address)
    _ = try socket.send(Array((ControlRequest.subscribe.line + "\n").utf8))
    var buffer: [UInt8] = []
    var subscribed = false
    // Blocks until the clock sends or hangs up, or until the relay stops (nil).
    while let ready = try worker.wait(for: [Poll.Interest(socket.descriptor.rawValue)], timeout: nil) {
      guard ready.descriptors[0].readable || ready.descriptors[0].failed else { continue }
      guard let chunk = try socket.receive(upTo: 65_536) else { continue }
      guard !chunk.isEmpty else { return }
      buffer += chunk
      guard buffer.count <= 1 << 20 else { return }
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
          publish { $0.connected = true }
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
