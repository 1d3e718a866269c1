import NixieSystem
import Testing

/// TCPSocket's addresses read back from the kernel (`getsockname`, `accept4`, turned into text
/// by `inet_ntop`): the port the system chose for port 0, and an accepted connection's peer,
/// over IPv4 and IPv6 loopback.
struct TCPSocketTests {
  @Test(arguments: ["127.0.0.1", "::1"])
  func theLocalAddressAndAnAcceptedPeerAreReadBack(host: String) throws {
    let listener = try TCPSocket.listening(on: try #require(TCPSocket.Address(host: host, port: 0)))
    let local = try listener.localAddress()
    #expect(local.host == host)
    #expect(local.port != 0)
    let client = try TCPSocket.connect(to: local)
    let clientEnd = try client.localAddress()
    // A blocking connect returns once the handshake is done: the connection is queued.
    let accepted = try #require(try listener.accept())
    let peer = try #require(accepted.peer)
    #expect(peer == clientEnd)
    #expect(peer.host == host && peer.isLoopback)
  }
}
