import FuzzSupport
import NixieYAML

/// Fuzzes the YAML reader with any bytes. Besides never crashing or hanging: a refusal points
/// at a place inside the text and quotes nothing raw, and every node of an accepted document,
/// and every key, starts inside the text, and no mapping holds a key twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzYAML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let bytes = input.rest()
  let lines = TextLines(bytes)
  do {
    if let root = try YAMLParser().parse(bytes) { checkMarks(root, lines) }
  } catch {
    Property.check(
      lines.contains(line: error.line, column: error.column),
      "error at \(error.mark) outside the text (lines: \(lines.characterCounts)): \(error.message)")
    Property.checkPrintable(error.description, "the error")
  }
  return 0
}

private func checkMarks(_ node: YAMLNode, _ lines: TextLines) {
  Property.check(
    lines.contains(line: node.mark.line, column: node.mark.column),
    "node at \(node.mark) outside the text (lines: \(lines.characterCounts))")
  switch node.content {
  case .scalar: break
  case .sequence(let items): for item in items { checkMarks(item, lines) }
  case .mapping(let entries):
    let keys = Set(entries.map(\.key.text))
    Property.check(keys.count == entries.count, "a mapping holds a key twice: \(entries.map(\.key.text))")
    for entry in entries {
      Property.check(
        lines.contains(line: entry.keyMark.line, column: entry.keyMark.column),
        "key at \(entry.keyMark) outside the text (lines: \(lines.characterCounts))")
      checkMarks(entry.value, lines)
    }
  }
}
