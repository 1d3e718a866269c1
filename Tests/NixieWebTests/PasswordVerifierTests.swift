import NixieSystem
import Testing

@testable import NixieWeb

/// The login verifier on its own: one check at a time on its thread, at most `capacity`
/// logins taken (waiting, being checked, or checked and not yet collected), and a stop that
/// drops what waits.
struct PasswordVerifierTests {
  static func attempt(_ password: String) throws -> LoginAttempt {
    LoginAttempt(
      hash: try PasswordHash.make(password: "right password", cost: 1), password: password)
  }

  @Test func itTakesAtMostItsCapacityAndChecksOneAtATime() throws {
    let gate = WebServerTests.Gate()
    let woken = Wakes()
    let verifier = PasswordVerifier(capacity: 2, check: { gate.check($0, $1) })
    verifier.notify { woken.bump() }
    try verifier.start()
    defer { verifier.stop() }
    #expect(verifier.submit(try Self.attempt("right password"), ticket: 1))
    #expect(verifier.submit(try Self.attempt("wrong password"), ticket: 2))
    // Full: one being checked, one waiting.
    #expect(!verifier.submit(try Self.attempt("right password"), ticket: 3))
    #expect(gate.waitForStarted(1))
    // The second is not started while the first is held: one at a time.
    #expect(!gate.waitForStarted(2, within: 200_000_000))
    gate.permit()
    gate.permit()
    #expect(gate.waitForStarted(2))
    // Both checked; until collected they still count against the capacity.
    #expect(woken.wait(for: 2))
    #expect(verifier.pending == 2)
    #expect(!verifier.submit(try Self.attempt("right password"), ticket: 4))
    let finished = verifier.takeFinished()
    #expect(finished.map(\.ticket) == [1, 2])
    #expect(finished.map(\.verified) == [true, false])
    #expect(verifier.pending == 0)
    #expect(verifier.submit(try Self.attempt("right password"), ticket: 5))
    // Let it through: a check under way is finished before `stop` returns.
    gate.permit()
  }

  @Test func aLoginPrintsWithoutItsPassword() throws {
    let attempt = try Self.attempt("hunter2 hunter2")
    #expect("\(attempt)" == "a login attempt")
    #expect(!"\(WebReply.verify(attempt))".contains("hunter2"))
    #expect(!String(reflecting: WebReply.verify(attempt)).contains("hunter2"))
  }

  /// Counts the verifier's wake-ups; waits for them bounded (10 s).
  final class Wakes: @unchecked Sendable {
    private let condition = Condition()
    private var count = 0

    func bump() {
      condition.withLock {
        count += 1
        condition.broadcast()
      }
    }

    func wait(for wanted: Int) -> Bool {
      condition.withLock {
        let deadline = SystemClock().now() + 10_000_000_000
        while count < wanted {
          guard condition.wait(until: deadline) else { return false }
        }
        return true
      }
    }
  }
}
