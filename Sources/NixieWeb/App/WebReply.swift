/// What the web application answers a request with: a response, after which the connection
/// closes, the start of a stream of the tubes' frames (server-sent events), a login whose
/// password must be checked first (off the server's thread: `PasswordVerifier`), or a question
/// for the clock (off the server's thread too: `ClockRequests`).
public enum WebReply: Sendable {
  case response(HTTPResponse)
  /// `text/event-stream`: the head is sent now, then every frame as an event.
  case stream
  /// A login to check; `WebApp.finishLogin` makes its response once the check is done.
  case verify(LoginAttempt)
  /// A request for the clock; its `finish` makes the response once the clock answered (or
  /// did not, within the deadline).
  case ask(ClockQuestion)
}
