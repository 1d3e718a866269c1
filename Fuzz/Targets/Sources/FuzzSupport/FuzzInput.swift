/// One input from libFuzzer, read from the front: a target takes its parameters (a board, a
/// number, a flag) byte by byte and the rest as the text under test. Reading past the end
/// gives zeros, so every input, however short, is a valid one.
public struct FuzzInput {
  private let bytes: [UInt8]
  private var offset = 0

  public init(_ data: UnsafePointer<UInt8>?, count: Int) {
    guard let data, count > 0 else {
      bytes = []
      return
    }
    bytes = Array(UnsafeBufferPointer(start: data, count: count))
  }

  public init(bytes: [UInt8]) { self.bytes = bytes }

  /// The next byte, 0 past the end.
  public mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// A flag from the next byte's lowest bit.
  public mutating func flag() -> Bool { byte() & 1 == 1 }

  /// An index into a collection of `count` elements (`count` at least 1).
  public mutating func index(below count: Int) -> Int { Int(byte()) % max(count, 1) }

  /// The next `count` bytes as a little-endian two's complement integer.
  public mutating func int64(bytes count: Int = 8) -> Int64 {
    var value: UInt64 = 0
    for shift in 0..<min(count, 8) { value |= UInt64(byte()) << UInt64(shift * 8) }
    return Int64(bitPattern: value)
  }

  /// Everything not read yet.
  public mutating func rest() -> [UInt8] {
    defer { offset = bytes.count }
    return offset < bytes.count ? Array(bytes[offset...]) : []
  }

  /// Everything not read yet, as text (invalid UTF-8 repaired, as `String(decoding:)` does).
  public mutating func restAsText() -> String { String(decoding: rest(), as: UTF8.self) }
}
