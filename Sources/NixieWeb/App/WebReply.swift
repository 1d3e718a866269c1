/// What the web application answers a request with: a response, after which the connection
/// closes, or the start of a stream of the tubes' frames (server-sent events).
public enum WebReply: Hashable, Sendable {
  case response(HTTPResponse)
  /// `text/event-stream`: the head is sent now, then every frame as an event.
  case stream
}
