#if canImport(Glibc)
  import Glibc
#endif

/// The properties a fuzz target asserts beyond "no crash": when one does not hold, the input
/// is a finding. The message goes to standard error and the process aborts, which libFuzzer
/// reports as a crash and saves the input for (`Fuzz/Findings/TARGET/crash-…`). Only fuzz
/// targets use this: stopping is the point here, where in nixie it never is.
public enum Property {
  public static func check(
    _ holds: @autoclosure () -> Bool, _ what: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
  ) {
    guard !holds() else { return }
    let message = Array("property broken at \(file):\(line): \(what())\n".utf8)
    _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    abort()
  }

  /// Checks that `message` holds no character a terminal would act on (nixie escapes them).
  public static func checkPrintable(
    _ message: String, _ what: String, file: StaticString = #fileID, line: UInt = #line
  ) {
    let raw = message.unicodeScalars.first { isControl($0) }
    check(
      raw == nil,
      "\(what) holds the raw control character U+\(String(raw?.value ?? 0, radix: 16)): "
        + message.debugDescription, file: file, line: line)
  }

  /// C0 and C1 controls and DEL: what nixie's messages write as `\u{1B}`.
  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
