/// Writes TZif files byte by byte as RFC 8536 lays them out, so tests can make any version,
/// and break any field, without zic.
struct TZifBuilder {
  var version: UInt8 = UInt8(ascii: "2")
  var transitions: [Int64] = []
  var transitionTypes: [UInt8] = []
  /// (UT offset, DST flag, abbreviation index).
  var types: [(Int32, UInt8, UInt8)] = [(0, 0, 0)]
  var abbreviations: [UInt8] = Array("UTC\0".utf8)
  var leapSeconds: [(Int64, Int32)] = []
  var standardIndicators: [UInt8] = []
  var utIndicators: [UInt8] = []
  var footer = ""
  /// Replaces the second header's counts when set (for lying headers).
  var countsOverride: [UInt32]?

  func bytes() -> [UInt8] {
    var file = header(counts: [0, 0, 0, 0, 1, 1]) + [0, 0, 0, 0, 0, 0, 0]
    if version == 0 {
      file = header(counts: counts()) + data(timeSize: 4)
      return file
    }
    file += header(counts: countsOverride ?? counts()) + data(timeSize: 8)
    file += Array("\n\(footer)\n".utf8)
    return file
  }

  private func counts() -> [UInt32] {
    [
      utIndicators.count, standardIndicators.count, leapSeconds.count, transitions.count, types.count,
      abbreviations.count,
    ].map { UInt32($0) }
  }

  private func header(counts: [UInt32]) -> [UInt8] {
    Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15) + counts.flatMap(Self.bigEndian)
  }

  private func data(timeSize: Int) -> [UInt8] {
    func time(_ value: Int64) -> [UInt8] {
      timeSize == 8
        ? Self.bigEndian(UInt64(bitPattern: value)) : Self.bigEndian(UInt32(truncatingIfNeeded: value))
    }
    var data = transitions.flatMap(time) + transitionTypes
    for (offset, isDST, index) in types {
      data += Self.bigEndian(UInt32(bitPattern: offset)) + [isDST, index]
    }
    data += abbreviations
    for (instant, correction) in leapSeconds {
      data += time(instant) + Self.bigEndian(UInt32(bitPattern: correction))
    }
    return data + standardIndicators + utIndicators
  }

  static func bigEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    (0..<(T.bitWidth / 8)).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
}
