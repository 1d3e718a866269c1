import NixieControl
import NixieSystem
import NixieText

/// The bridge's one subscription to the clock's state (`{"version": 3, "subscribe": "state"}`):
/// the clock pushes its state whenever it changes, and this reads the lines as the socket has
/// them, never blocking the bridge's loop for longer than a read of what is there.
final class StateSubscription {
  /// What a read brought.
  enum Update {
    /// A state (the first is the one the clock is in when it answers).
    case state(ClockState)
    /// The clock refused the subscription (an older clock): its message.
    case refused(String)
    /// The clock closed the connection (it stopped), or the line was not understood.
    case ended(String)
  }

  let socket: UnixSocket
  private var buffer: [UInt8] = []
  private var subscribed = false

  /// How long connecting and asking may take: a stopped clock (its queue full) holds the
  /// bridge no longer than this.
  static let deadline: UInt64 = 2_000_000_000

  /// Connects to the clock at `path` and asks for its state, both within `deadline`, waiting
  /// with `wait` (the bridge's worker: a stop ends the wait at once).
  init(path: String, waiting wait: SocketWait) throws(SystemCallError) {
    guard let address = UnixSocket.Address(path) else {
      throw SystemCallError("connect", errno: .invalidArgument)
    }
    let deadline = wait.now() + Self.deadline
    socket = try UnixSocket.connect(to: address, by: deadline, waiting: wait)
    try socket.send(Array((ControlRequest.subscribeState.line + "\n").utf8), by: deadline, waiting: wait)
  }

  /// The descriptor to poll for reading.
  var descriptor: Int32 { socket.descriptor.rawValue }

  /// What has come since the last call, once the socket is readable.
  func read() -> [Update] {
    let chunk: [UInt8]
    do {
      guard let got = try socket.receive(upTo: 65_536) else { return [] }
      chunk = got
    } catch {
      return [.ended("\(error)")]
    }
    guard !chunk.isEmpty else { return [.ended("the clock closed the connection")] }
    buffer += chunk
    guard buffer.count <= 1 << 20 else { return [.ended("a state line longer than 1 MiB")] }
    var updates: [Update] = []
    while let newline = buffer.firstIndex(of: 10) {
      let line = Array(buffer[..<newline])
      buffer.removeFirst(newline + 1)
      guard let value = try? JSONReader.read(line) else {
        return updates + [.ended("a line that is not JSON")]
      }
      if !subscribed {
        guard value["subscribed"] == .string("state") else {
          let message = value["error"].map { if case .string(let text) = $0 { text } else { $0.text } } ?? "?"
          return updates + [.refused(Printable.escaped(message))]
        }
        subscribed = true
        continue
      }
      guard let object = value["state"], let state = ClockState(json: object) else { continue }
      updates.append(.state(state))
    }
    return updates
  }
}
