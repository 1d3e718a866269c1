/// What the web application answers a request with: a response, after which the connection
/// closes, the start of a stream of the tubes' frames (server-sent events), or a login whose
/// password must be checked first (off the server's thread: `PasswordVerifier`).
public enum WebReply: Hashable, Sendable {
  case response(HTTPResponse)
  /// `text/event-stream`: the head is sent now, then every frame as an event.
  case stream
  /// A login to check; `WebApp.finishLogin` makes its response once the check is done.
  case verify(LoginAttempt)
}
