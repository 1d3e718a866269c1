import Foundation
import Glibc
import NixieClock
import NixieControl
import NixieCore
import NixieSystem
import NixieTestSupport
import Testing

/// The control socket's client against a clock that does not answer — stopped with SIGSTOP or
/// hung, as a listener that never accepts stands in for here: every request ends at its
/// deadline, saying the clock is not answering (`nixie send` exits 75), never hanging.
struct ControlClientDeadlineTests {
  /// A listening socket nobody accepts on, its queue filled when `full`.
  static func silentClock(full: Bool) throws -> (path: String, sockets: [UnixSocket]) {
    let path = SocketHelpers.temporaryPath("silent")
    let listener = try UnixSocket(datagram: false)
    try listener.bind(to: try SocketHelpers.address(path))
    try listener.listen(backlog: full ? 0 : 8)
    var sockets = [listener]
    guard full else { return (path, sockets) }
    for _ in 0..<64 {
      let socket = try UnixSocket(datagram: false)
      try socket.descriptor.setNonBlocking()
      do {
        try socket.connect(to: try SocketHelpers.address(path))
      } catch {
        return (path, sockets)
      }
      sockets.append(socket)
    }
    throw FixtureError("the queue never filled")
  }

  static func send(to path: String, milliseconds: Int) -> ControlClient.Failure? {
    let outcome = Locked<ControlClient.Failure?>(nil)
    let returned = ThreadProbe.returnsSoon {
      do throws(ControlClient.Failure) {
        try ControlClient.send(.clear, to: path, timeoutMilliseconds: milliseconds)
      } catch {
        outcome.withLock { $0 = error }
      }
    }
    guard returned else { return .failed(path: path, "did not return") }
    return outcome.withLock { $0 }
  }

  @Test func aClockWhoseQueueIsFullIsNotAnsweringAtTheDeadline() throws {
    let (path, sockets) = try Self.silentClock(full: true)
    defer { unlink(path) }
    #expect(sockets.count > 1)
    let failure = withExtendedLifetime(sockets) { Self.send(to: path, milliseconds: 300) }
    #expect(failure == .notAnswering(path: path, milliseconds: 300, "it took no connection"))
    #expect(failure?.error.kind == .temporaryFailure)
    #expect(failure?.description.contains("the clock is not answering") == true)
  }

  @Test func aClockThatTakesTheConnectionButSaysNothingIsNotAnswering() throws {
    let (path, listener) = try Self.silentClock(full: false)
    defer { unlink(path) }
    let failure = withExtendedLifetime(listener) { Self.send(to: path, milliseconds: 300) }
    #expect(failure == .notAnswering(path: path, milliseconds: 300, "no answer"))
  }
}
