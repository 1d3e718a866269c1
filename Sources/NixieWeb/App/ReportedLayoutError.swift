/// Why the clock's reported layout cannot be drawn.
struct ReportedLayoutError: Error, Hashable, Sendable {
  let message: String
  init(_ message: String) { self.message = message }
}
