import NixieCore
import NixieSystem
import NixieText

/// A client's side of the control socket (`nixie send`, `nixie web`): one request line, one
/// reply line, within a deadline.
public enum ControlClient {
  /// Why a request got no answer, or was refused: each a kind of `NixieError`, so
  /// `nixie send` exits 69 when no clock listens, 75 when the clock is busy or does not answer
  /// in time, 2 when it refuses the value.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing listens at the path (no file, or a stale one).
    case notListening(path: String, SystemCallError)
    /// The socket is there but may not be used (permission) or answered nonsense.
    case failed(path: String, String)
    /// The clock is busy (too many clients or requests, or it closed before answering): try
    /// again in a moment.
    case busy(path: String, String)
    /// The clock read the request and refused it; the message says why.
    case refused(String)
    /// The clock did not take the connection, or did not answer, within the deadline: it is
    /// stopped or hung (`what`: which of the two; `path` empty when not known).
    case notAnswering(path: String, milliseconds: Int, String)
    /// The wait was cancelled: the thread asking is stopping.
    case cancelled

    public var description: String {
      switch self {
      case .notListening(let path, let error):
        if ControlSocketPath.searched().contains(path) {
          "no nixie clock is listening (looked for "
            + ControlSocketPath.searched().joined(separator: " and ") + "; \(error)); start one with"
            + " 'sudo systemctl start nixie-clock' or 'nixie clock', or give its socket with --socket"
        } else {
          "no nixie clock is listening on \(path) (\(error)); start one there with"
            + " 'nixie clock --socket \(path)', or check the path"
        }
      case .failed(let path, let reason): "\(path): \(reason)"
      case .busy(let path, let reason): "\(path): the clock is busy (\(reason)); try again in a moment"
      case .refused(let reason): "the clock refused: \(reason)"
      case .notAnswering(let path, let milliseconds, let what):
        (path.isEmpty ? "" : "\(path): ")
          + "the clock is not answering (\(what) within \(milliseconds) ms: is it stopped or hung?);"
          + " try again in a moment"
      case .cancelled: "cancelled"
      }
    }

    /// The failure as nixie reports it.
    public var error: NixieError {
      switch self {
      case .notListening, .failed: NixieError(.unavailable, description)
      case .busy, .notAnswering: NixieError(.temporaryFailure, description)
      case .cancelled: NixieError(.cancelled, description)
      case .refused: NixieError(.badUsage, description)
      }
    }
  }

  /// How long a request may take by default, connecting included: `nixie send`'s 3 s.
  public static let deadlineMilliseconds = 3000

  /// Sends `request` and returns when the clock has accepted it.
  public static func send(
    _ request: ControlRequest, to path: String, timeoutMilliseconds: Int = Self.deadlineMilliseconds
  )
    throws(Failure)
  {
    try send(line: request.line, to: path, timeoutMilliseconds: timeoutMilliseconds)
  }

  /// Sends one request line and returns when the clock has answered `{"ok": true}`.
  public static func send(
    line request: String, to path: String, timeoutMilliseconds: Int = Self.deadlineMilliseconds
  )
    throws(Failure)
  {
    _ = try exchange(line: request, to: path, timeoutMilliseconds: timeoutMilliseconds)
  }

  /// Sends `request` and returns the clock's whole answer (`{"ok": true, …}`), for the
  /// version 2 requests that answer with data.
  public static func request(
    _ request: ControlRequest, to path: String, timeoutMilliseconds: Int = Self.deadlineMilliseconds,
    waiting wait: SocketWait = .poll
  ) throws(Failure) -> JSONValue {
    try exchange(line: request.line, to: path, timeoutMilliseconds: timeoutMilliseconds, waiting: wait)
  }

  /// One request line out, one answer line back: the answer when it is `{"ok": true, …}`.
  /// Connecting, sending and reading all end by one deadline, `timeoutMilliseconds` from now,
  /// however stuck the clock is (stopped, hung, its queue full); `wait` is how it waits (a
  /// worker's wait ends at once when the worker stops: `.cancelled`).
  public static func exchange(
    line request: String, to path: String, timeoutMilliseconds: Int, waiting wait: SocketWait = .poll
  ) throws(Failure) -> JSONValue {
    let deadline = wait.now() + UInt64(max(timeoutMilliseconds, 0)) * 1_000_000
    let socket = try connect(to: path, by: deadline, timeoutMilliseconds: timeoutMilliseconds, waiting: wait)
    return try converse(
      line: request, on: socket, path: path, by: deadline, timeoutMilliseconds: timeoutMilliseconds,
      waiting: wait)
  }

  /// `request` sent only once the clock has answered `first` on the same connection, both within
  /// `timeoutMilliseconds`: a clock that is stopped or hung never finds `request` waiting in
  /// its socket when it goes on (`nixie mqtt` drops what it cannot send). `first` should change
  /// nothing (`.state`). Not answered once `request` was sent, the failure's words are
  /// `sentButNotAnswered`: the clock may yet apply it.
  public static func request(
    _ request: ControlRequest, to path: String, afterAnswerTo first: ControlRequest, timeoutMilliseconds: Int,
    waiting wait: SocketWait = .poll
  ) throws(Failure) -> JSONValue {
    let deadline = wait.now() + UInt64(max(timeoutMilliseconds, 0)) * 1_000_000
    let socket = try connect(to: path, by: deadline, timeoutMilliseconds: timeoutMilliseconds, waiting: wait)
    _ = try converse(
      line: first.line, on: socket, path: path, by: deadline, timeoutMilliseconds: timeoutMilliseconds,
      waiting: wait)
    do {
      return try converse(
        line: request.line, on: socket, path: path, by: deadline, timeoutMilliseconds: timeoutMilliseconds,
        waiting: wait)
    } catch {
      guard case .notAnswering(let path, let milliseconds, _) = error else { throw error }
      throw .notAnswering(path: path, milliseconds: milliseconds, sentButNotAnswered)
    }
  }

  /// What `.notAnswering` says when a request went out after the clock answered the first.
  public static let sentButNotAnswered = "no answer once the request was sent"

  /// A connection to the clock at `path` by `deadline`, or why there is none.
  static func connect(
    to path: String, by deadline: UInt64, timeoutMilliseconds: Int, waiting wait: SocketWait
  )
    throws(Failure) -> UnixSocket
  {
    guard let address = UnixSocket.Address(path) else {
      throw .failed(path: path, "not a usable socket path")
    }
    do {
      return try UnixSocket.connect(to: address, by: deadline, waiting: wait)
    } catch {
      if error == SocketWait.cancelled { throw .cancelled }
      if [.noSuchFile, .connectionRefused, .notADirectory].contains(error.errno) {
        throw .notListening(path: path, error)
      }
      if error.errno == .timedOut {
        throw .notAnswering(path: path, milliseconds: timeoutMilliseconds, "it took no connection")
      }
      throw .failed(
        path: path,
        error.errno == .permissionDenied ? "\(error) (are you in the socket's group?)" : "\(error)")
    }
  }

  /// One line sent on `socket`, its answer read, by `deadline`: the answer when it is
  /// `{"ok": true, …}`.
  static func converse(
    line request: String, on socket: UnixSocket, path: String, by deadline: UInt64, timeoutMilliseconds: Int,
    waiting wait: SocketWait
  ) throws(Failure) -> JSONValue {
    var reply: [UInt8] = []
    var tooLong = false
    do throws(SystemCallError) {
      try socket.send(Array((request + "\n").utf8), by: deadline, waiting: wait)
      while !reply.contains(UInt8(ascii: "\n")) {
        let chunk = try socket.receive(upTo: 4096, by: deadline, waiting: wait)
        if chunk.isEmpty { break }
        reply += chunk
        if reply.count > 1 << 20 {
          tooLong = true
          break
        }
      }
    } catch {
      if error == SocketWait.cancelled { throw .cancelled }
      if error.errno == .timedOut {
        throw .notAnswering(path: path, milliseconds: timeoutMilliseconds, "no answer")
      }
      // The clock closed the connection before answering: it evicted us, or it is stopping.
      throw .busy(path: path, "\(error)")
    }
    if tooLong { throw .failed(path: path, "the answer was too long") }
    let line = Array(reply.prefix { $0 != UInt8(ascii: "\n") })
    guard !line.isEmpty else { throw .busy(path: path, "it closed the connection without an answer") }
    guard let answer = try? JSONReader.read(line) else {
      throw .failed(path: path, "the clock's answer was not understood")
    }
    if answer["ok"] == .bool(true) { return answer }
    guard case .string(let message)? = answer["error"] else {
      throw .failed(path: path, "the clock's answer was not understood")
    }
    if answer["busy"] == .bool(true) { throw .busy(path: path, message) }
    throw .refused(message)
  }
}
