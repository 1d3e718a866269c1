import NixieSystem
import NixieText

/// Where a running countdown's end is kept (`countdown.json` in the service's state directory),
/// so a restarted clock counts on: `{"ends": "2026-12-07T06:30:00Z", "ends_ns": N}`, written
/// atomically when a countdown starts and removed when it ends or is cancelled.
public struct CountdownFile: Sendable {
  public let path: String

  public init(path: String) { self.path = path }

  /// The end the file holds (Unix nanoseconds); nil when there is none, or it cannot be read
  /// (then `problem` says why).
  public func load() -> (end: Int64?, problem: String?) {
    guard FileSystem.exists(path) else { return (nil, nil) }
    do {
      let value = try JSONReader.read(try FileReader.read(path, limit: 4096))
      guard case .number(let text)? = value["ends_ns"], let end = Int64(text) else {
        return (nil, "\(Printable.escaped(path)): no whole number 'ends_ns'")
      }
      return (end, nil)
    } catch {
      return (nil, "\(Printable.escaped(path)): \(error)")
    }
  }

  /// Keeps `end` (nil: removes the file).
  public func save(_ end: Int64?) throws(SystemCallError) {
    guard let end else {
      FileSystem.remove(path)
      return
    }
    let text = JSONText.object([
      ("ends", JSONText.quoted(RFC3339.seconds(fromUnixNanoseconds: end))), ("ends_ns", String(end)),
    ])
    try AtomicFile.write(Array((text + "\n").utf8), to: path)
  }
}
