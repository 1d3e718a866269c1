/// The on/off state of every output of a chip chain or set of expanders, one bit per output.
///
/// Output 0 is chain position 0 (docs/HARDWARE.md). Drivers keep one of these per frame and
/// compare it with the last one they wrote, so an unchanged frame costs no line writes.
public struct OutputBits: Hashable, Sendable {
  public private(set) var words: [UInt64]
  public let count: Int

  /// All `count` outputs off.
  public init(count: Int) {
    self.count = count
    self.words = Array(repeating: 0, count: (count + 63) / 64)
  }

  /// The outputs listed in `on` switched on, the rest off.
  public init(count: Int, on: [Int]) {
    self.init(count: count)
    for output in on { self[output] = true }
  }

  public subscript(output: Int) -> Bool {
    get { words[output >> 6] & (1 << UInt64(output & 63)) != 0 }
    set {
      if newValue {
        words[output >> 6] |= 1 << UInt64(output & 63)
      } else {
        words[output >> 6] &= ~(1 << UInt64(output & 63))
      }
    }
  }

  /// One clock of a shift register: every output takes the state of the one below it, `bit`
  /// enters output 0, and the top output's state falls out. A word at a time.
  public mutating func shiftUp(inserting bit: Bool) {
    var carry: UInt64 = bit ? 1 : 0
    for index in words.indices {
      let out = words[index] >> 63
      words[index] = words[index] << 1 | carry
      carry = out
    }
    let spare = words.count * 64 - count
    if spare > 0, let top = words.indices.last { words[top] &= UInt64.max >> UInt64(spare) }
  }

  /// Switches every output off, keeping the storage.
  public mutating func clear() {
    for index in words.indices { words[index] = 0 }
  }

  public var isAllOff: Bool { words.allSatisfy { $0 == 0 } }

  /// The outputs that are on, lowest first (the frames log's `outputs`).
  public var onOutputs: [Int] { (0..<count).filter { self[$0] } }

  /// The 4-bit value at outputs `bits` (ones bit first), for BCD decoders.
  public func value(at bits: [Int]) -> Int {
    bits.enumerated().reduce(0) { value, bit in value | (self[bit.element] ? 1 << bit.offset : 0) }
  }

  /// Sets outputs `bits` (ones bit first) to the binary digits of `value`.
  public mutating func set(_ value: Int, at bits: [Int]) {
    for (place, output) in bits.enumerated() { self[output] = value & (1 << place) != 0 }
  }
}

extension OutputBits {
  /// The eight outputs from `first` as a byte, output `first` in the least significant bit
  /// (an expander port: GPA0 or P0 is bit 0). Outputs past the end read as off.
  public func byte(from first: Int) -> UInt8 {
    var byte: UInt8 = 0
    for bit in 0..<8 where first + bit < count && self[first + bit] { byte |= 1 << UInt8(bit) }
    return byte
  }
}
