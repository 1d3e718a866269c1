import NixieSystem

#if LIBGPIOD_V2
  import CGPIOD

  /// Output lines requested together with libgpiod 2.x: a write sets only the lines in its
  /// mask, in one GPIO_V2_LINE_SET_VALUES ioctl (`gpiod_line_request_set_values_subset`), so
  /// the kernel does — and traces — only what changes. Its buffers are allocated once: a write
  /// allocates nothing (and, as in `GPIOChipLines`, checks no exclusivity at run time).
  final class LibgpiodV2OutputRequest: GPIOOutputRequestAPI {
    private let request: OpaquePointer
    private let chip: LibgpiodV2Chip
    private let device: String
    private let count: Int
    /// The requested offsets, in request order.
    private let offsets: UnsafeMutablePointer<CUnsignedInt>
    /// One write's offsets and values.
    private let chosen: UnsafeMutablePointer<CUnsignedInt>
    private let values: UnsafeMutablePointer<gpiod_line_value>
    @exclusivity(unchecked) private var released = false
    @exclusivity(unchecked) private(set) var writeCount = 0

    init(_ request: OpaquePointer, offsets: [UInt32], chip: LibgpiodV2Chip, device: String) {
      self.request = request
      self.chip = chip
      self.device = device
      count = min(offsets.count, UInt64.bitWidth)
      self.offsets = .allocate(capacity: max(count, 1))
      chosen = .allocate(capacity: max(count, 1))
      values = .allocate(capacity: max(count, 1))
      for index in 0..<count { self.offsets[index] = CUnsignedInt(offsets[index]) }
    }

    deinit {
      release()
      offsets.deallocate()
      chosen.deallocate()
      values.deallocate()
    }

    func setValues(_ writes: UnsafeBufferPointer<GPIORequestWrite>) throws(HardwareError) {
      guard !released else { throw HardwareError.linesReleased(device: device) }
      for write in writes {
        var written = 0
        var rest = write.mask
        while rest != 0 {
          let index = rest.trailingZeroBitCount
          rest &= rest - 1
          guard index < count else { break }
          chosen[written] = offsets[index]
          values[written] =
            write.levels >> UInt64(index) & 1 == 1 ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE
          written += 1
        }
        if written > 0 {
          try LibgpiodV2.call(device, "set lines", phase: .transfer) {
            gpiod_line_request_set_values_subset(request, written, chosen, values)
          }
        }
        writeCount += 1
      }
    }

    func release() {
      guard !released else { return }
      released = true
      gpiod_line_request_release(request)
    }
  }
#endif
