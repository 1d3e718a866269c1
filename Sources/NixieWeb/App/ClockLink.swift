import NixieControl
import NixieSystem
import NixieText

/// How `nixie web` talks to the clock: one control request, the clock's answer. The real one is
/// the control socket (`ControlSocketLink`); tests use a stand-in. Asked only off the web
/// server's thread (`ClockRequests`), since an answer may take the whole deadline.
public protocol ClockLink: Sendable {
  /// The clock's `{"ok": true, …}` answer, or why there is none.
  func request(_ request: ControlRequest) -> Result<JSONValue, ControlClient.Failure>
}

/// The clock's control socket, a short exchange per request: the web process holds no
/// connection the clock would have to keep (the frames have their own, `FrameRelay`).
public struct ControlSocketLink: ClockLink {
  public let path: String
  /// How long one answer may take, connecting included.
  public let timeoutMilliseconds: Int
  /// How it waits: `ClockRequests`'s thread's wait, which ends at once when it stops.
  public let wait: SocketWait

  public init(path: String, timeoutMilliseconds: Int = 1500, waiting wait: SocketWait = .poll) {
    self.path = path
    self.timeoutMilliseconds = timeoutMilliseconds
    self.wait = wait
  }

  public func request(_ request: ControlRequest) -> Result<JSONValue, ControlClient.Failure> {
    do throws(ControlClient.Failure) {
      return .success(
        try ControlClient.request(request, to: path, timeoutMilliseconds: timeoutMilliseconds, waiting: wait))
    } catch {
      return .failure(error)
    }
  }
}

/// A request for the clock that a web request waits for: asked on `ClockRequests`'s thread
/// (`ask()`), its answer turned into the HTTP response on the server's thread (`finish`), where
/// the application's state lives.
public final class ClockQuestion: Sendable {
  public let request: ControlRequest
  let link: any ClockLink
  /// The response to the clock's answer; runs on the web server's thread.
  let finish: @Sendable (Result<JSONValue, ControlClient.Failure>) -> HTTPResponse

  init(
    _ request: ControlRequest, link: any ClockLink,
    finish: @escaping @Sendable (Result<JSONValue, ControlClient.Failure>) -> HTTPResponse
  ) {
    self.request = request
    self.link = link
    self.finish = finish
  }

  /// Asks the clock (waits for its answer, at most the link's deadline).
  func ask() -> Result<JSONValue, ControlClient.Failure> { link.request(request) }

  /// Asks the clock and makes the response here and now: for tests and callers that may wait.
  public func answerNow() -> HTTPResponse { finish(ask()) }
}
