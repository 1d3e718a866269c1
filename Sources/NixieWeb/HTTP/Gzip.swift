import CZlib

/// gzip (RFC 1952) by zlib, for the files `nixie web` sends more than a few kilobytes of: the
/// tubes' picture is 60 KB of SVG and 2.5 KB compressed.
enum Gzip {
  /// `bytes` as one gzip member (zlib's best compression), or nil when zlib fails (it never
  /// should: the output buffer is `deflateBound`'s size) or the input is over 4 GiB.
  static func compressed(_ bytes: [UInt8]) -> [UInt8]? {
    guard let count = uInt(exactly: bytes.count) else { return nil }
    var stream = z_stream()
    // deflateInit2 is a macro Swift cannot call: this is the function behind it. Window bits
    // 15 + 16: a gzip header and trailer instead of zlib's.
    let started = deflateInit2_(
      &stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
      Int32(MemoryLayout<z_stream>.size))
    guard started == Z_OK else { return nil }
    defer { deflateEnd(&stream) }
    let bound = Int(deflateBound(&stream, uLong(count)))
    var output = [UInt8](repeating: 0, count: bound)
    var input = bytes
    let status = input.withUnsafeMutableBufferPointer { source in
      output.withUnsafeMutableBufferPointer { target in
        stream.next_in = source.baseAddress
        stream.avail_in = count
        stream.next_out = target.baseAddress
        stream.avail_out = uInt(truncatingIfNeeded: target.count)
        return deflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END, Int(stream.total_out) <= output.count else { return nil }
    return Array(output.prefix(Int(stream.total_out)))
  }
}
