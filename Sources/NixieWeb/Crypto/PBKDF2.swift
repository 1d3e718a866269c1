/// PBKDF2-HMAC-SHA256 (RFC 8018): the slow hash of `nixie web`'s password. Checked against
/// Python's `hashlib.pbkdf2_hmac` and published test vectors.
public enum PBKDF2 {
  /// The derived key of `password` with `salt`, `iterations` rounds, `length` bytes (at most
  /// 32 × 255).
  public static func derive(password: [UInt8], salt: [UInt8], iterations: Int, length: Int = 32) -> [UInt8] {
    let keyed = HMAC(key: password)
    var result: [UInt8] = []
    var block: UInt32 = 1
    while result.count < length {
      var mac = keyed
      mac.update(
        salt + [
          UInt8(block >> 24), UInt8(truncatingIfNeeded: block >> 16), UInt8(truncatingIfNeeded: block >> 8),
          UInt8(truncatingIfNeeded: block),
        ])
      var u = mac.finish()
      var t = u
      if iterations > 1 {
        for _ in 1..<iterations {
          var next = keyed
          next.update(u)
          u = next.finish()
          for index in t.indices { t[index] ^= u[index] }
        }
      }
      result += t
      block += 1
    }
    return Array(result.prefix(length))
  }
}
