/// HMAC-SHA256 (RFC 2104): the pseudo-random function of PBKDF2, which checks the password
/// hashes nixie web 0.3.0 wrote (`PBKDF2Hash`). Checked against RFC 4231's test cases.
public struct HMAC: Sendable {
  private var inner: SHA256
  private var outer: SHA256

  /// A MAC keyed with `key` (hashed first when longer than a block).
  public init(key: [UInt8]) {
    var block = key.count > SHA256.blockBytes ? SHA256.hash(key) : key
    block += [UInt8](repeating: 0, count: SHA256.blockBytes - block.count)
    inner = SHA256()
    inner.update(block.map { $0 ^ 0x36 })
    outer = SHA256()
    outer.update(block.map { $0 ^ 0x5c })
  }

  /// The SHA-256 states after the key's inner and outer blocks, where every MAC under this
  /// key starts: PBKDF2's iterations run from them.
  var keyedStates: (inner: [UInt32], outer: [UInt32]) { (inner.state, outer.state) }

  public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
    inner.update(bytes)
  }

  public mutating func finish() -> [UInt8] {
    var outer = self.outer
    outer.update(inner.finish())
    return outer.finish()
  }

  /// HMAC-SHA256 of `message` under `key`.
  public static func authenticationCode(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
    var mac = HMAC(key: key)
    mac.update(message)
    return mac.finish()
  }
}
