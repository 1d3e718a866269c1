import NixieSystem

#if LIBGPIOD_V2
  import CGPIOD
  import NixieBoardModel
  import NixieTransports

  /// Output lines requested together with libgpiod 2.x: a write sets only the lines it names,
  /// in one GPIO_V2_LINE_SET_VALUES ioctl (`gpiod_line_request_set_values_subset`), so the
  /// kernel does — and traces — only what changes. Its buffers are allocated once: a write
  /// allocates nothing (and, as it is used from one thread at a time and never re-entered,
  /// checks no exclusivity at run time).
  final class LibgpiodV2OutputRequest: GPIOOutputRequestAPI {
    private let request: OpaquePointer
    private let chip: LibgpiodV2Chip
    private let device: String
    /// The offset of each line, by its bit (64 entries).
    private let offsets: UnsafeMutablePointer<CUnsignedInt>
    /// The bits of the requested lines.
    private let requested: LineSet
    /// One write's offsets and values.
    private let chosen: UnsafeMutablePointer<CUnsignedInt>
    private let values: UnsafeMutablePointer<gpiod_line_value>
    @exclusivity(unchecked) private var released = false
    @exclusivity(unchecked) private(set) var writeCount = 0
    @exclusivity(unchecked) private(set) var levels: LineSet

    init(_ request: OpaquePointer, lines: [GPIOOutputLine], chip: LibgpiodV2Chip, device: String) {
      self.request = request
      self.chip = chip
      self.device = device
      offsets = .allocate(capacity: LineSet.RawValue.bitWidth)
      offsets.initialize(repeating: 0, count: LineSet.RawValue.bitWidth)
      for line in lines { offsets[line.bit] = CUnsignedInt(line.offset) }
      requested = lines.bits
      levels = lines.initialLevels
      chosen = .allocate(capacity: LineSet.RawValue.bitWidth)
      values = .allocate(capacity: LineSet.RawValue.bitWidth)
    }

    deinit {
      release()
      offsets.deallocate()
      chosen.deallocate()
      values.deallocate()
    }

    func setValues(_ writes: UnsafeBufferPointer<LineWrite>) throws(HardwareError) {
      guard !released else { throw HardwareError.linesReleased(device: device) }
      // The loop's state in locals (registers), stored back once.
      let (request, offsets, chosen, values, requested) = (request, offsets, chosen, values, requested)
      var (levels, made) = (levels, 0)
      defer { (self.levels, writeCount) = (levels, writeCount + made) }
      for write in writes {
        let named = write.lines.intersection(requested)
        var count = 0
        var rest = named.rawValue
        while rest != 0 {
          let bit = rest.trailingZeroBitCount
          chosen[count] = offsets[bit]
          values[count] =
            write.levels.rawValue &>> UInt64(bit) & 1 == 1
            ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE
          count &+= 1
          rest &= rest &- 1
        }
        if count > 0 {
          try LibgpiodV2.call(device, "set lines", phase: .transfer) {
            gpiod_line_request_set_values_subset(request, count, chosen, values)
          }
        }
        levels = LineWrite(named, to: write.levels).applied(to: levels)
        made &+= 1
      }
    }

    func release() {
      guard !released else { return }
      released = true
      gpiod_line_request_release(request)
    }
  }
#endif
