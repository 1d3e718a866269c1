import NixieText

/// Reads the bytes of a TZif file into a `TZifFile` (RFC 8536 section 3): the header, the
/// version 1 data block (skipped in version 2 and later files), the 64-bit data block and the
/// footer. Each step checks that the file holds what the header promises before reading it.
struct TZifParser {
  /// The counts a header gives, in the order the file stores them.
  struct Header {
    var version: Int
    var utIndicatorCount: Int
    var standardIndicatorCount: Int
    var leapCount: Int
    var transitionCount: Int
    var typeCount: Int
    var abbreviationBytes: Int
  }

  private static let headerSize = 44
  private let bytes: [UInt8]
  private let name: String
  private var offset = 0

  init(bytes: [UInt8], name: String) {
    self.bytes = bytes
    self.name = name
  }

  mutating func parse() throws(ZoneError) -> TZifFile {
    guard bytes.count <= TZifFile.maximumSize else {
      throw ZoneError(
        .tooLarge,
        "\(Printable.quoted(name)): \(bytes.count) bytes, more than a zone file's limit of "
          + "\(TZifFile.maximumSize)")
    }
    let first = try header()
    guard first.version >= 2 else {
      let block = try dataBlock(first, timeSize: 4)
      try expectEnd()
      return assemble(first, block, rule: nil)
    }
    try skip(try blockSize(first, timeSize: 4), what: "the version 1 data block")
    let second = try header()
    let block = try dataBlock(second, timeSize: 8)
    let rule = try footer()
    try expectEnd()
    return assemble(second, block, rule: rule)
  }

  // MARK: Header

  private mutating func header() throws(ZoneError) -> Header {
    let start = offset
    try need(Self.headerSize, for: "a TZif header")
    guard bytes[offset..<(offset + 4)].elementsEqual("TZif".utf8) else {
      throw malformed(at: offset, "not a TZif file (no 'TZif' magic)")
    }
    let versionByte = bytes[offset + 4]
    let version: Int
    switch versionByte {
    case 0: version = 1
    case UInt8(ascii: "2")...UInt8(ascii: "4"): version = Int(versionByte - UInt8(ascii: "0"))
    default:
      throw ZoneError(
        .unsupportedFile,
        "\(Printable.quoted(name)): TZif version byte 0x\(String(versionByte, radix: 16)) at byte \(offset + 4)"
          + " is not one this reader knows (1 to 4)")
    }
    offset += 20
    // Clamping keeps a 32-bit platform honest: a count beyond Int fails the length check.
    let counts = (0..<6).map { _ in Int(clamping: readUInt32()) }
    let header = Header(
      version: version, utIndicatorCount: counts[0], standardIndicatorCount: counts[1], leapCount: counts[2],
      transitionCount: counts[3], typeCount: counts[4], abbreviationBytes: counts[5])
    if header.version >= 2 && start > 0 && header.version != versionOfFirstHeader() {
      throw malformed(at: start + 4, "the second header's version differs from the first's")
    }
    return header
  }

  private func versionOfFirstHeader() -> Int {
    bytes[4] == 0 ? 1 : Int(bytes[4]) - Int(UInt8(ascii: "0"))
  }

  /// Bytes of a data block with `header`'s counts, or an error if it cannot fit in the file.
  private func blockSize(_ header: Header, timeSize: Int) throws(ZoneError) -> Int {
    let remaining = bytes.count - offset
    let counts = [
      header.utIndicatorCount, header.standardIndicatorCount, header.leapCount, header.transitionCount,
      header.typeCount, header.abbreviationBytes,
    ]
    // Each count is checked against the file before multiplying, so no product can overflow.
    guard counts.allSatisfy({ $0 <= remaining }) else {
      throw malformed(
        at: offset, "the header's counts promise more data than the file's \(bytes.count) bytes")
    }
    return header.transitionCount * (timeSize + 1) + header.typeCount * 6 + header.abbreviationBytes
      + header.leapCount * (timeSize + 4) + header.standardIndicatorCount + header.utIndicatorCount
  }

  // MARK: Data block

  /// The raw fields of a data block, checked.
  struct Block {
    var transitions: [Int64]
    var transitionTypes: [UInt8]
    var types: [LocalTimeType]
  }

  private mutating func dataBlock(_ header: Header, timeSize: Int) throws(ZoneError) -> Block {
    let size = try blockSize(header, timeSize: timeSize)
    try need(size, for: "the data block the header describes")
    guard header.typeCount >= 1 else { throw malformed(at: offset, "the header counts no local time types") }
    guard header.abbreviationBytes >= 1 else {
      throw malformed(at: offset, "the header counts no bytes of time zone abbreviations")
    }
    guard header.utIndicatorCount == 0 || header.utIndicatorCount == header.typeCount,
      header.standardIndicatorCount == 0 || header.standardIndicatorCount == header.typeCount
    else {
      throw malformed(at: offset, "the indicator counts must be 0 or the number of local time types")
    }

    let transitionsStart = offset
    var transitions: [Int64] = []
    transitions.reserveCapacity(header.transitionCount)
    for index in 0..<header.transitionCount {
      let time = timeSize == 8 ? readInt64() : Int64(Int32(bitPattern: readUInt32()))
      if let previous = transitions.last, time <= previous {
        throw malformed(
          at: transitionsStart + index * timeSize, "transition \(index) is not later than the one before")
      }
      transitions.append(time)
    }
    let typesStart = offset
    let transitionTypes = Array(bytes[offset..<(offset + header.transitionCount)])
    offset += header.transitionCount
    if let bad = transitionTypes.firstIndex(where: { Int($0) >= header.typeCount }) {
      throw malformed(
        at: typesStart + bad,
        "transition \(bad) names local time type \(transitionTypes[bad]); there are \(header.typeCount)")
    }

    let recordsStart = offset
    offset += header.typeCount * 6
    let abbreviationsStart = offset
    let abbreviations = bytes[offset..<(offset + header.abbreviationBytes)]
    offset += header.abbreviationBytes
    var types: [LocalTimeType] = []
    types.reserveCapacity(header.typeCount)
    for index in 0..<header.typeCount {
      let record = recordsStart + index * 6
      types.append(
        try localTimeType(at: record, abbreviations: abbreviations, abbreviationsStart: abbreviationsStart))
    }

    let leapStart = offset
    offset += header.leapCount * (timeSize + 4)
    if header.leapCount > 0 {
      throw ZoneError(
        .unsupportedFile,
        "\(Printable.quoted(name)): has \(header.leapCount) leap-second records (byte \(leapStart)); zones"
          + " counting leap seconds (right/…) are not supported")
    }
    for index in offset..<(offset + header.standardIndicatorCount + header.utIndicatorCount)
    where bytes[index] > 1 {
      throw malformed(at: index, "a standard/wall or UT/local indicator must be 0 or 1")
    }
    offset += header.standardIndicatorCount + header.utIndicatorCount
    return Block(transitions: transitions, transitionTypes: transitionTypes, types: types)
  }

  /// The 6-byte record at `record`: UT offset, DST flag, abbreviation index.
  private func localTimeType(at record: Int, abbreviations: ArraySlice<UInt8>, abbreviationsStart: Int)
    throws(ZoneError) -> LocalTimeType
  {
    let rawOffset = Int32(
      bitPattern: UInt32(bytes[record]) << 24 | UInt32(bytes[record + 1]) << 16 | UInt32(bytes[record + 2])
        << 8
        | UInt32(bytes[record + 3]))
    guard (-LocalTimeType.offsetLimit...LocalTimeType.offsetLimit).contains(Int(rawOffset)) else {
      throw malformed(at: record, "UT offset \(rawOffset) s is beyond ±26 hours")
    }
    guard bytes[record + 4] <= 1 else { throw malformed(at: record + 4, "a DST flag must be 0 or 1") }
    let index = Int(bytes[record + 5])
    guard index < abbreviations.count else {
      throw malformed(
        at: record + 5,
        "abbreviation index \(index) is past the \(abbreviations.count) bytes of abbreviations")
    }
    let start = abbreviations.startIndex + index
    guard let end = abbreviations[start...].firstIndex(of: 0) else {
      throw malformed(at: abbreviationsStart + index, "the abbreviation has no terminating NUL")
    }
    let text = abbreviations[start..<end]
    guard text.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw malformed(
        at: abbreviationsStart + index, "the abbreviation has a byte that is not printable ASCII")
    }
    return LocalTimeType(
      secondsFromUTC: Int(rawOffset), isDST: bytes[record + 4] == 1,
      abbreviation: String(decoding: text, as: UTF8.self))
  }

  private func assemble(_ header: Header, _ block: Block, rule: PosixTimeZoneRule?) -> TZifFile {
    TZifFile(
      version: header.version, transitions: block.transitions, transitionTypes: block.transitionTypes,
      types: block.types, rule: rule)
  }

  // MARK: Footer

  /// `\n` TZ string `\n`; an empty string means no rule.
  private mutating func footer() throws(ZoneError) -> PosixTimeZoneRule? {
    let start = offset
    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") else {
      throw malformed(at: offset, "the footer must start with a newline")
    }
    guard let end = bytes[(offset + 1)...].firstIndex(of: UInt8(ascii: "\n")) else {
      throw malformed(at: start, "the footer has no closing newline")
    }
    offset = end + 1
    let text = bytes[(start + 1)..<end]
    guard !text.isEmpty else { return nil }
    guard text.allSatisfy({ (0x20...0x7E).contains($0) }) else {
      throw malformed(at: start + 1, "the footer's TZ string has a byte that is not printable ASCII")
    }
    do {
      return try PosixTimeZoneRule(parsing: String(decoding: text, as: UTF8.self))
    } catch {
      throw malformed(at: start + 1, "the footer's \(error.description)")
    }
  }

  // MARK: Bytes

  private func need(_ count: Int, for what: String) throws(ZoneError) {
    guard count <= bytes.count - offset else {
      throw malformed(
        at: offset, "truncated: \(what) needs \(count) bytes, the file has \(bytes.count - offset) left")
    }
  }

  private mutating func skip(_ count: Int, what: String) throws(ZoneError) {
    try need(count, for: what)
    offset += count
  }

  private func expectEnd() throws(ZoneError) {
    guard offset == bytes.count else {
      throw malformed(at: offset, "\(bytes.count - offset) unexpected bytes after the end of the data")
    }
  }

  /// Callers have checked that the bytes are there.
  private mutating func readUInt32() -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      value = value << 8 | UInt32(bytes[offset])
      offset += 1
    }
    return value
  }

  private mutating func readInt64() -> Int64 {
    var value: UInt64 = 0
    for _ in 0..<8 {
      value = value << 8 | UInt64(bytes[offset])
      offset += 1
    }
    return Int64(bitPattern: value)
  }

  private func malformed(at byte: Int, _ problem: String) -> ZoneError {
    ZoneError(.malformedFile(byteOffset: byte), "\(Printable.quoted(name)): \(problem) (byte \(byte))")
  }
}
