/// Sizes for messages: `1 MiB`, `256 KiB`, `300 bytes`.
public enum ByteCount {
  /// `bytes` in the largest binary unit that divides it, else in bytes.
  public static func text(_ bytes: Int) -> String {
    for (unit, size) in [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
    where bytes >= size && bytes % size == 0 {
      return "\(bytes / size) \(unit)"
    }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
  }
}
