import CZlib

/// An 8-bit RGB picture written as PNG (RFC 2083 / ISO 15948): the signature, `IHDR`, one
/// `IDAT` of zlib-compressed rows (each with filter 0), `IEND`; checksums by zlib's `crc32`.
/// Enough for the page's icons (`WebIcon`).
struct PNGImage {
  let width: Int
  let height: Int
  /// `width × height` pixels, row by row, three bytes (red, green, blue) each.
  let rgb: [UInt8]

  /// The PNG file, or nil when the pixels do not fill the picture or zlib fails.
  func encoded() -> [UInt8]? {
    let rowBytes = width * 3
    guard width > 0, height > 0, width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF, rgb.count == rowBytes * height
    else { return nil }
    var rows: [UInt8] = []
    rows.reserveCapacity((rowBytes + 1) * height)
    for y in 0..<height {
      rows.append(0)
      rows += rgb[(y * rowBytes)..<((y + 1) * rowBytes)]
    }
    guard let data = Self.zlib(rows) else { return nil }
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    // Bit depth 8, colour type 2 (RGB), deflate, filter method 0, no interlace.
    file += Self.chunk(
      "IHDR", Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height)) + [8, 2, 0, 0, 0])
    file += Self.chunk("IDAT", data)
    file += Self.chunk("IEND", [])
    return file
  }

  /// Length, type, data, CRC-32 of type and data.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    let crc = typed.withUnsafeBufferPointer { buffer in
      crc32(crc32(0, nil, 0), buffer.baseAddress, uInt(truncatingIfNeeded: buffer.count))
    }
    return bigEndian(UInt32(truncatingIfNeeded: data.count)) + typed
      + bigEndian(UInt32(truncatingIfNeeded: crc))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  /// `bytes` in zlib's format (RFC 1950), best compression.
  static func zlib(_ bytes: [UInt8]) -> [UInt8]? {
    guard let count = uLong(exactly: bytes.count) else { return nil }
    var length = compressBound(count)
    var output = [UInt8](repeating: 0, count: Int(length))
    let status = output.withUnsafeMutableBufferPointer { target in
      bytes.withUnsafeBufferPointer { source in
        compress2(target.baseAddress, &length, source.baseAddress, count, Z_BEST_COMPRESSION)
      }
    }
    guard status == Z_OK, Int(length) <= output.count else { return nil }
    return Array(output.prefix(Int(length)))
  }
}
