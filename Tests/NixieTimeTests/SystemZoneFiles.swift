import Foundation

/// The zone files of this machine, found with Foundation (independently of `ZoneDatabase`), and
/// the two facts the zdump comparison needs from each, read just as independently: the footer
/// and the last transition of the 64-bit table.
enum SystemZoneFiles {
  static let directory = "/usr/share/zoneinfo"

  /// Every file or link under `directory` starting with `TZif`, outside `posix/` and `right/`,
  /// except the links `localtime` and `posixrules`, as zone names, sorted.
  static func names(in directory: String = directory) -> [String] {
    guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
    var names: [String] = []
    while let path = walker.nextObject() as? String {
      if ["posix", "right"].contains(path) {
        walker.skipDescendants()
        continue
      }
      guard !["localtime", "posixrules"].contains(path),
        let handle = FileHandle(forReadingAtPath: directory + "/" + path),
        let magic = try? handle.read(upToCount: 4)
      else { continue }
      if magic == Data("TZif".utf8) { names.append(path) }
      try? handle.close()
    }
    return names.sorted()
  }

  /// The footer text and the last 64-bit transition (nil when the table is empty) of the file.
  static func footerAndLastTransition(_ path: String) -> (footer: String, last: Int64?)? {
    guard let data = FileManager.default.contents(atPath: path), data.count >= 44, data[4] >= 0x32 else {
      return nil
    }
    let bytes = [UInt8](data)
    func count(_ header: Int, _ index: Int) -> Int {
      (0..<4).reduce(0) { $0 << 8 | Int(bytes[header + 20 + index * 4 + $1]) }
    }
    let (ut, std, leap, time, type, chars) = (
      count(0, 0), count(0, 1), count(0, 2), count(0, 3), count(0, 4), count(0, 5)
    )
    let second = 44 + time * 5 + type * 6 + chars + leap * 8 + std + ut
    let transitions = count(second, 3)
    let last: Int64? =
      transitions == 0
      ? nil
      : (0..<8).reduce(Int64(0)) { $0 << 8 | Int64(bytes[second + 44 + (transitions - 1) * 8 + $1]) }
    let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
    return (String(decoding: lines[lines.count - 2], as: UTF8.self), last)
  }
}
