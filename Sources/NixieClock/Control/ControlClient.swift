import Foundation
import NixieSystem

/// `nixie send`'s side of the control socket: one request line, one reply line.
public enum ControlClient {
  /// Why a request got no answer.
  public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing listens at the path (no file, or a stale one).
    case notListening(path: String, SystemCallError)
    /// The socket is there but talking to it failed (permission, timeout, hang-up).
    case failed(path: String, String)

    public var description: String {
      switch self {
      case .notListening(let path, let error):
        "no nixie clock is listening on \(path) (\(error)); start one with 'systemctl start"
          + " nixie-clock' or 'nixie clock', or give its socket with --socket"
      case .failed(let path, let reason):
        "\(path): \(reason)"
      }
    }
  }

  /// The daemon's answer to `request`: nil for `{"ok": true}`, else its error message.
  public static func send(_ request: ControlRequest, to path: String, timeoutMilliseconds: Int = 3000)
    throws(Failure) -> String?
  {
    try send(line: request.line, to: path, timeoutMilliseconds: timeoutMilliseconds)
  }

  /// The daemon's answer to one request line: nil for `{"ok": true}`, else its error message.
  public static func send(line request: String, to path: String, timeoutMilliseconds: Int = 3000)
    throws(Failure) -> String?
  {
    guard let address = UnixSocket.Address(path) else {
      throw .failed(path: path, "not a usable socket path")
    }
    let socket: UnixSocket
    do {
      socket = try UnixSocket(datagram: false)
      try socket.connect(to: address)
    } catch {
      if [.noSuchFile, .connectionRefused, .notADirectory].contains(error.errno) {
        throw .notListening(path: path, error)
      }
      throw .failed(
        path: path,
        error.errno == .permissionDenied ? "\(error) (are you in the socket's group?)" : "\(error)")
    }
    var reply: [UInt8] = []
    do {
      try socket.setReceiveTimeout(milliseconds: timeoutMilliseconds)
      guard try socket.send(Array((request + "\n").utf8)) else {
        throw SystemCallError("send", errno: .tryAgain)
      }
      while !reply.contains(UInt8(ascii: "\n")) {
        guard let chunk = try socket.receive(upTo: 4096) else {
          throw SystemCallError("recv", errno: .timedOut)
        }
        if chunk.isEmpty { break }
        reply += chunk
      }
    } catch {
      throw .failed(path: path, "\(error)")
    }
    let line = reply.prefix { $0 != UInt8(ascii: "\n") }
    guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
      throw .failed(path: path, "the daemon's answer was not understood")
    }
    if object["ok"] as? Bool == true { return nil }
    return object["error"] as? String ?? "refused"
  }
}
