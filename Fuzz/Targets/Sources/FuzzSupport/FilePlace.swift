/// What must hold of a mistake a settings file's parser reports (`file:line:column: …`): its
/// place, when it has one, lies inside the text, and its message quotes nothing raw.
public enum FilePlace {
  public static func check(
    line: Int?, column: Int?, description: String, in bytes: [UInt8], file: StaticString = #fileID,
    lineNumber: UInt = #line
  ) {
    if let line {
      let lines = TextLines(bytes)
      Property.check(
        lines.contains(line: line, column: column ?? 1),
        "error outside the text (lines: \(lines.characterCounts)): \(description)", file: file,
        line: lineNumber)
    }
    Property.checkPrintable(description, "the error", file: file, line: lineNumber)
  }
}
