/// PBKDF2-HMAC-SHA256 (RFC 8018): the slow hash of the passwords nixie web 0.3.0 stored
/// (`PBKDF2Hash`), kept to check them until they are replaced by yescrypt ones. Checked against
/// Python's `hashlib.pbkdf2_hmac` and published test vectors.
///
/// The iterations run on HMAC's two keyed SHA-256 states and one fixed-size block, as native
/// implementations do: two compressions an iteration and no allocation (0.53 µs an iteration
/// in a release build on the development machine: 120 000 in 64 ms).
public enum PBKDF2 {
  /// The derived key of `password` with `salt`, `iterations` rounds, `length` bytes (at most
  /// 32 × 255).
  public static func derive(password: [UInt8], salt: [UInt8], iterations: Int, length: Int = 32) -> [UInt8] {
    let keyed = HMAC(key: password)
    let (innerState, outerState) = keyed.keyedStates
    var result: [UInt8] = []
    var block: UInt32 = 1
    // Scratch: 0..<16 the block (a 32-byte message and its padding), 16..<24 the running XOR,
    // 24..<32 a hash's state, 32..<96 the message schedule.
    var scratch = [UInt32](repeating: 0, count: 96)
    while result.count < length {
      var mac = keyed
      mac.update(
        salt + [
          UInt8(block >> 24), UInt8(truncatingIfNeeded: block >> 16), UInt8(truncatingIfNeeded: block >> 8),
          UInt8(truncatingIfNeeded: block),
        ])
      let first = mac.finish()
      scratch.withUnsafeMutableBufferPointer { words in
        for index in 0..<8 {
          let offset = index * 4
          words[index] =
            UInt32(first[offset]) << 24 | UInt32(first[offset + 1]) << 16 | UInt32(first[offset + 2]) << 8
            | UInt32(first[offset + 3])
          words[16 + index] = words[index]
        }
        // SHA-256 padding of a 32-byte message that follows a whole (key) block: 96 bytes.
        words[8] = 0x8000_0000
        for index in 9..<15 { words[index] = 0 }
        words[15] = UInt32((SHA256.blockBytes + SHA256.digestBytes) * 8)
        guard let base = words.baseAddress else { return }
        let message = UnsafeMutableBufferPointer(start: base, count: 16)
        let state = UnsafeMutableBufferPointer(start: base + 24, count: 8)
        let schedule = UnsafeMutableBufferPointer(start: base + 32, count: 64)
        var remaining = iterations - 1
        while remaining > 0 {
          for index in 0..<8 { state[index] = innerState[index] }
          SHA256.compress(state, block: UnsafeBufferPointer(message), schedule: schedule)
          for index in 0..<8 { message[index] = state[index] }
          for index in 0..<8 { state[index] = outerState[index] }
          SHA256.compress(state, block: UnsafeBufferPointer(message), schedule: schedule)
          for index in 0..<8 {
            message[index] = state[index]
            words[16 + index] ^= state[index]
          }
          remaining -= 1
        }
      }
      for index in 16..<24 {
        let word = scratch[index]
        result += [
          UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
          UInt8(truncatingIfNeeded: word),
        ]
      }
      block += 1
    }
    return Array(result.prefix(length))
  }
}
