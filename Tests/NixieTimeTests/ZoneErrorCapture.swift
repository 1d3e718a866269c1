import NixieTime
import Testing

/// The `ZoneError` that `body` throws, or nil with an issue recorded. (Swift 6.0's Testing,
/// which the project still builds with, has `#expect(throws:)` return nothing.)
func zoneError(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> ZoneError? {
  do {
    try body()
    Issue.record("expected a ZoneError, none was thrown", sourceLocation: sourceLocation)
  } catch let error as ZoneError {
    return error
  } catch {
    Issue.record("expected a ZoneError, got \(error)", sourceLocation: sourceLocation)
  }
  return nil
}
