/// Why the clock's reported layout cannot be drawn.
public struct ReportedLayoutError: Error, Hashable, Sendable {
  public let message: String
  public init(_ message: String) { self.message = message }
}
