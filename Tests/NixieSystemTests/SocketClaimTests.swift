import Foundation
import Glibc
import NixieCore
import NixieSystem
import NixieTestSupport
import Testing

/// The control socket's two ends against a listener that does not take connections (a clock
/// stopped with SIGSTOP, its queue full): a client's connect ends at its deadline, or at once
/// when its worker stops; and a socket path is claimed by one process at a time, atomically,
/// and left alone by a process whose socket is no longer the one there.
struct SocketClaimTests {
  static func temporaryPath(_ name: String) -> String {
    "/tmp/nixie-\(name)-\(UUID().uuidString.prefix(8)).sock"
  }

  /// A listener that never accepts, its queue filled: the connections that filled it are
  /// kept (closing them would make room).
  final class StuckListener {
    let path: String
    let listener: UnixSocket
    var queued: [UnixSocket] = []

    init(_ name: String) throws {
      path = SocketClaimTests.temporaryPath(name)
      listener = try UnixSocket(datagram: false)
      try listener.bind(to: try #require(UnixSocket.Address(path)))
      try listener.listen(backlog: 0)
      let address = try #require(UnixSocket.Address(path))
      // Non-blocking connects succeed until the queue is full, then fail with EAGAIN.
      for _ in 0..<64 {
        let socket = try UnixSocket(datagram: false)
        try socket.descriptor.setNonBlocking()
        do {
          try socket.connect(to: address)
        } catch {
          #expect(error.errno == .tryAgain, "\(error)")
          return
        }
        queued.append(socket)
      }
      Issue.record("the queue never filled")
    }

    deinit { unlink(path) }
  }

  @Test func aConnectToAFullQueueEndsAtItsDeadline() throws {
    let stuck = try StuckListener("full")
    #expect(!stuck.queued.isEmpty)
    let address = try #require(UnixSocket.Address(stuck.path))
    let outcome = Locked<SystemCallError?>(nil)
    // A blocking connect would sleep here until the listener accepts: for ever.
    let returned = ThreadProbe.returnsSoon {
      let wait = SocketWait.poll
      do throws(SystemCallError) {
        _ = try UnixSocket.connect(to: address, by: wait.now() + 200_000_000, waiting: wait)
      } catch {
        outcome.withLock { $0 = error }
      }
    }
    #expect(returned, "the connect did not end at its deadline")
    #expect(outcome.withLock { $0?.errno } == .timedOut)
  }

  @Test func stoppingTheWorkerEndsAConnectThatWaitsForRoom() throws {
    let stuck = try StuckListener("stop")
    let address = try #require(UnixSocket.Address(stuck.path))
    let worker = WorkerThread()
    let outcome = Locked<SystemCallError?>(nil)
    let task = Locked("")
    try worker.start(name: "nixie-test") {
      task.withLock { $0 = ThreadProbe.currentTask() }
      let wait = SocketWait.worker(worker)
      do throws(SystemCallError) {
        _ = try UnixSocket.connect(to: address, by: wait.now() + 60_000_000_000, waiting: wait)
      } catch {
        outcome.withLock { $0 = error }
      }
    }
    try FileSystemWait.until { !task.withLock { $0 }.isEmpty }
    #expect(ThreadProbe.waitUntilAsleep(task.withLock { $0 }))
    #expect(ThreadProbe.returnsSoon { worker.stop() })
    #expect(outcome.withLock { $0 } == SocketWait.cancelled)
  }

  @Test func aLiveListenerThatAcceptsNothingIsNotTakenAsStale() throws {
    let stuck = try StuckListener("live")
    let path = stuck.path
    let outcome = Locked<ListeningSocketFile.Failure?>(nil)
    let returned = ThreadProbe.returnsSoon {
      do throws(ListeningSocketFile.Failure) {
        let file = try ListeningSocketFile(path: path, mode: 0o600, group: nil)
        file.remove()
      } catch {
        outcome.withLock { $0 = error }
      }
    }
    #expect(returned, "the check of the socket file there did not end")
    #expect(outcome.withLock { $0 } == .inUse(path: stuck.path, answering: false))
  }

  /// Two claims of one path at the same moment, many times: exactly one wins each time, and
  /// the other is told who holds it.
  @Test func ofTwoClaimsAtOnceExactlyOneWinsEveryTime() throws {
    for round in 0..<200 {
      let path = Self.temporaryPath("claim")
      let start = DispatchSemaphore(value: 0)
      let done = DispatchGroup()
      let claims = Locked<[Result<ListeningSocketFile, ListeningSocketFile.Failure>]>([])
      for _ in 0..<2 {
        done.enter()
        Thread.detachNewThread {
          start.wait()
          let claim = Result { () throws(ListeningSocketFile.Failure) in
            try ListeningSocketFile(path: path, mode: 0o600, group: nil)
          }
          claims.withLock { $0.append(claim) }
          done.leave()
        }
      }
      start.signal()
      start.signal()
      #expect(done.wait(timeout: .now() + 10) == .success)
      let results = claims.withLock { $0 }
      let winners = results.compactMap { try? $0.get() }
      #expect(winners.count == 1, "round \(round): \(results)")
      for result in results {
        if case .failure(let failure) = result {
          #expect(failure == .held(path: path, by: getpid()), "round \(round)")
        }
      }
      for winner in winners { winner.remove() }
      #expect(!FileManager.default.fileExists(atPath: path))
      #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
      guard winners.count == 1 else { return }
    }
  }

  @Test func aClaimRemovesOnlyTheSocketItMade() throws {
    let path = Self.temporaryPath("own")
    let first = try ListeningSocketFile(path: path, mode: 0o600, group: nil)
    // Someone removes the first clock's files and a second one claims the path.
    unlink(path)
    unlink(path + ".lock")
    let second = try ListeningSocketFile(path: path, mode: 0o600, group: nil)
    defer { second.remove() }
    first.remove()
    #expect(FileManager.default.fileExists(atPath: path), "the first claim removed the second's socket")
    // And it is the second's: a client reaches it.
    let client = try UnixSocket(datagram: false)
    try client.connect(to: try #require(UnixSocket.Address(path)))
    #expect(try second.socket.accept() != nil)
  }

  @Test func aSocketLeftByADeadProcessIsReplacedAndItsLockTakenOver() throws {
    let path = Self.temporaryPath("stale")
    let stale = try UnixSocket(datagram: false)
    try stale.bind(to: try #require(UnixSocket.Address(path)))
    // A lock file a killed process left: nobody holds it.
    try "99999999\n".write(toFile: path + ".lock", atomically: false, encoding: .utf8)
    let file = try ListeningSocketFile(path: path, mode: 0o600, group: nil)
    #expect(try String(contentsOfFile: path + ".lock", encoding: .utf8) == "\(getpid())\n")
    file.remove()
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(!FileManager.default.fileExists(atPath: path + ".lock"))
  }
}

/// Waiting, at most 10 s, for a condition another thread makes true.
enum FileSystemWait {
  struct TimedOut: Error {}

  static func until(_ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(10)
    while !condition() {
      guard Date() < deadline else { throw TimedOut() }
      Thread.sleep(forTimeInterval: 0.005)
    }
  }
}
