import NixieDisplay
import NixieLogging
import NixieSystem
import NixieText
import NixieTransitions

/// The clock's wear file (`wear.json`, `WearRecord`'s format): read at start — a file that is
/// corrupt or another board's is kept aside as `FILE.bad` with a warning, and counting starts
/// afresh — and replaced atomically on every save, so a kill -9 mid-write leaves the last
/// whole file.
struct WearFile: Sendable {
  let path: String
  let layout: DisplayLayout

  /// Where a file that could not be read is kept.
  var asidePath: String { path + ".bad" }

  /// The counts the file holds; none (all zero) when there is no file yet, or when it could
  /// not be read (kept aside then, with a warning that says why).
  func load(logger: Logger) -> CathodeWear {
    guard FileSystem.exists(path) else { return CathodeWear(layout: layout) }
    let reason: String
    do {
      return try WearRecord.read(try FileReader.read(path, limit: WearRecord.maximumBytes), layout: layout)
    } catch let error as WearRecordError {
      reason = error.description
    } catch {
      reason = "\(error)"
    }
    let aside = FileSystem.move(path, to: asidePath)
    let kept = aside ? "kept as \(Printable.escaped(asidePath)), " : ""
    logger.warning("\(Printable.escaped(path)): \(reason); \(kept)tube care counts afresh")
    return CathodeWear(layout: layout)
  }

  /// Writes `wear` in place of the file, atomically.
  func save(_ wear: CathodeWear) throws(SystemCallError) {
    try AtomicFile.write(Array((WearRecord.text(wear, layout: layout) + "\n").utf8), to: path)
  }
}
