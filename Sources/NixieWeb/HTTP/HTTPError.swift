/// A request refused before it reached a route: its status and a message for the client.
public struct HTTPError: Error, Hashable, Sendable, CustomStringConvertible {
  public let status: HTTPStatus
  public let message: String

  public init(_ status: HTTPStatus, _ message: String) {
    self.status = status
    self.message = message
  }

  public var description: String { "\(status.code) \(status.reason): \(message)" }
}
