@preconcurrency import Glibc

// glibc's mtrace lives in libc_malloc_debug.so since 2.34; libc keeps a stub that does nothing.
// Only a link-time reference binds to the preloaded library's versioned symbol (dlsym finds
// the stub), hence a direct declaration of the two void(void) functions.
@_silgen_name("mtrace") private func glibcMtrace()
@_silgen_name("muntrace") private func glibcMuntrace()

/// Counts heap allocations (malloc, calloc, realloc, memalign: what Swift's runtime calls) made
/// by a stretch of code, with glibc's malloc tracer. It works when the process was started as
/// `LD_PRELOAD=libc_malloc_debug.so.0 MALLOC_TRACE=FILE nixie …`, and says so when not.
///
/// The tracer writes one line per call to FILE; the count is the lines that allocate. It sees
/// every thread, so count code that runs while other threads are quiet.
public enum AllocationCounter {
  /// The trace file, when the environment asks for one.
  public static var traceFile: String? { getenv("MALLOC_TRACE").map { String(cString: $0) } }

  /// Allocations made while `body` runs, or nil if tracing is not active.
  public static func count(_ body: () -> Void) -> Int? {
    guard let file = traceFile, isActive(file) else { return nil }
    return trace(file, body)
  }

  /// Whether tracing sees a known allocation.
  private static func isActive(_ file: String) -> Bool {
    final class Probe {}
    var probes: [Probe] = []
    return trace(file) { probes.append(Probe()) } >= 1 && !probes.isEmpty
  }

  private static func trace(_ file: String, _ body: () -> Void) -> Int {
    glibcMtrace()
    body()
    glibcMuntrace()
    guard let stream = fopen(file, "r") else { return 0 }
    defer { fclose(stream) }
    var count = 0
    var line = [CChar](repeating: 0, count: 4096)
    while fgets(&line, Int32(line.count), stream) != nil {
      // "@ caller + address size" for malloc, "> address size" for realloc's new block.
      let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if text.contains(" + ") || text.contains(" > ") { count += 1 }
    }
    return count
  }
}
