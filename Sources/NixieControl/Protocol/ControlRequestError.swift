/// Why a control request was refused; its message goes back as `{"error": "…"}`.
public struct ControlRequestError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
