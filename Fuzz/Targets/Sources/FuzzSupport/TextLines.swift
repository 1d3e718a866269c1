/// The lines of a text as nixie's YAML reader counts them, to check that a line and column an
/// error or a node points at lies inside the text. Written from the reader's documentation
/// (`YAMLMark`, `YAMLText`), not from its code: lines end at LF, CRLF or CR; columns
/// count characters (grapheme clusters) from 1; a byte order mark first takes no column. A
/// place may be one past a line's last character, or the empty line after a final break.
public struct TextLines {
  /// The characters of each line.
  public let characterCounts: [Int]

  public init(_ bytes: [UInt8]) {
    let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    var counts: [Int] = []
    var start = 0
    var index = 0
    while index < text.count {
      let byte = text[index]
      guard byte == 0x0A || byte == 0x0D else {
        index += 1
        continue
      }
      counts.append(String(decoding: text[start..<index], as: UTF8.self).count)
      index += byte == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A ? 2 : 1
      start = index
    }
    counts.append(String(decoding: text[start...], as: UTF8.self).count)
    characterCounts = counts
  }

  /// Whether the 1-based `line` and `column` lie inside the text (or just past a line's end).
  public func contains(line: Int, column: Int) -> Bool {
    guard line >= 1, line <= characterCounts.count else { return false }
    return column >= 1 && column <= characterCounts[line - 1] + 1
  }
}
