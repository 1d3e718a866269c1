/// Comparing secrets (a password's hash, a CSRF token) in time that does not depend on where
/// they differ, so that timing a wrong guess tells nothing about the right one. Not
/// cryptography: a loop that looks at every byte.
enum ConstantTime {
  /// Whether `a` and `b` are equal; their lengths are not secret.
  static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }
}
