import Foundation
import Glibc
import NixieClock
import NixieSystem

/// Real Unix sockets for tests: a temporary path, a datagram listener, a stream client.
enum SocketHelpers {
  /// A fresh socket path under /tmp (short enough for sun_path).
  static func temporaryPath(_ name: String) -> String {
    "/tmp/nixie-\(name)-\(UUID().uuidString.prefix(8)).sock"
  }

  /// A bound datagram socket that receives what a notifier sends.
  static func datagramListener(at address: UnixSocket.Address) throws -> UnixSocket {
    let socket = try UnixSocket(datagram: true)
    try socket.bind(to: address)
    try socket.setReceiveTimeout(milliseconds: 2000)
    return socket
  }

  /// Receives one datagram as text.
  static func receiveText(_ socket: UnixSocket) throws -> String? {
    try socket.receive(upTo: 4096).map { String(decoding: $0, as: UTF8.self) }
  }

  /// A client connected to `path` with a receive timeout.
  static func client(_ path: String) throws -> UnixSocket {
    let socket = try UnixSocket(datagram: false)
    try socket.connect(to: try address(path))
    try socket.setReceiveTimeout(milliseconds: 2000)
    return socket
  }

  static func address(_ text: String) throws -> UnixSocket.Address {
    guard let address = UnixSocket.Address(text) else { throw FixtureError("bad address \(text)") }
    return address
  }

  /// Reads reply lines until `count` have arrived (or the socket times out or closes).
  static func replies(_ socket: UnixSocket, count: Int) throws -> [String] {
    var text = ""
    while text.filter({ $0 == "\n" }).count < count {
      guard let chunk = try socket.receive(upTo: 65536), !chunk.isEmpty else { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    return text.split(separator: "\n").map(String.init)
  }
}
