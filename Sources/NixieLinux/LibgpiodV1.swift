#if !LIBGPIOD_V2
  import CGPIOD
  import Glibc
  import NixieBoardModel
  import NixieTransports
  import NixieSystem

  /// `GPIOChipAPI` on libgpiod 1.6 (the v1 API), the default build. Every libgpiod call of such
  /// a build is in this file, each through `call`, which retries EINTR and turns errno into a
  /// `HardwareError`.
  enum LibgpiodV1: GPIOLibrary {
    static var version: String { String(cString: gpiod_version_string()) }
    static let apiMajor = 1

    /// By path, name or label (`ChipReference`), then by the labels' device-tree compatibles.
    static func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipAPI {
      let chipReference = ChipReference(reference)
      let device = chipReference.devicePath ?? reference
      do throws(SystemCallError) {
        let chip = try SystemCall.run("libgpiod") {
          switch chipReference {
          case .path(let path): gpiod_chip_open(path)
          case .name(let name): gpiod_chip_open_by_name(name)
          case .labels(let labels): labels.lazy.compactMap { gpiod_chip_open_by_label($0) }.first
          }
        }
        return LibgpiodV1Chip(chip)
      } catch {
        if chipReference.devicePath == nil && error.errno == .noSuchFile {
          // No chip has the labels: the chip whose device tree node is compatible, if one is.
          if let path = chipReference.compatibleDevicePath() { return try openChip(path) }
          throw HardwareError(
            transport: .gpio, device: reference, operation: "open the GPIO chip", problem: .noSuchChip,
            errno: error.errno, detail: chipReference.notFoundDetail)
        }
        // libgpiod checks the node it opened: ENOTTY (not a character device) or ENODEV (not in
        // the gpio subsystem) for a node that exists means it is something else.
        if [.notATypewriter, .noSuchDevice].contains(error.errno) && FileSystem.exists(device) {
          throw HardwareError(
            transport: .gpio, device: device, operation: "open the GPIO chip", problem: .noSuchChip,
            errno: error.errno, detail: "not a GPIO character device")
        }
        throw HardwareError(
          error.errno, transport: .gpio, device: device, operation: "open the GPIO chip", phase: .open)
      }
    }

  }

  /// A chip opened with libgpiod 1.6; closing it releases every line it handed out.
  final class LibgpiodV1Chip: GPIOChipAPI {
    private let chip: OpaquePointer
    let name: String
    let label: String
    let lineCount: UInt32

    init(_ chip: OpaquePointer) {
      self.chip = chip
      name = String(cString: gpiod_chip_name(chip))
      label = String(cString: gpiod_chip_label(chip))
      lineCount = gpiod_chip_num_lines(chip)
    }

    deinit { gpiod_chip_close(chip) }

    private var device: String { "/dev/" + name }

    private func line(_ offset: UInt32, for operation: String) throws(HardwareError) -> OpaquePointer {
      if let missing = missingLine(offset, for: operation) { throw missing }
      do throws(SystemCallError) {
        return try SystemCall.run("libgpiod") { gpiod_chip_get_line(chip, offset) }
      } catch {
        throw HardwareError(
          error.errno, transport: .gpio, device: device, operation: operation, phase: .request)
      }
    }

    func lineInfo(_ offset: UInt32) throws(HardwareError) -> GPIOLineInfo {
      let operation = "read the info of line \(offset)"
      let line = try line(offset, for: operation)
      try LibgpiodV1.call(device, operation, phase: .request) { gpiod_line_update(line) }
      return GPIOLineInfo(
        offset: offset, name: gpiod_line_name(line).map { String(cString: $0) },
        consumer: gpiod_line_consumer(line).map { String(cString: $0) },
        isUsed: gpiod_line_is_used(line),
        isOutput: gpiod_line_direction(line) == Int32(GPIOD_LINE_DIRECTION_OUTPUT))
    }

    /// The lines at `offsets` in one bulk, in order.
    private func bulk(_ offsets: [UInt32], for operation: String) throws(HardwareError) -> gpiod_line_bulk {
      var bulk = gpiod_line_bulk()
      gpiod_line_bulk_init(&bulk)
      guard offsets.count <= Int(GPIOD_LINE_BULK_MAX_LINES) else {
        throw HardwareError(
          transport: .gpio, device: device, operation: operation, problem: .unsupported,
          detail: "more than \(GPIOD_LINE_BULK_MAX_LINES) lines in one request")
      }
      for offset in offsets { gpiod_line_bulk_add(&bulk, try line(offset, for: operation)) }
      return bulk
    }

    func requestOutputs(
      _ lines: [GPIOOutputLine], consumer: String, operation: String
    ) throws(HardwareError) -> any GPIOOutputRequestAPI {
      var bulk = try bulk(lines.map(\.offset), for: operation)
      let defaults = lines.map { Int32($0.high ? 1 : 0) }
      try LibgpiodV1.call(device, operation, phase: .request) {
        gpiod_line_request_bulk_output(&bulk, consumer, defaults)
      }
      return LibgpiodV1OutputRequest(chip: self, bulk: bulk, lines: lines, device: device)
    }

    /// The v1 API takes one set of flags for a whole request: pull-up if any line asks for it.
    /// It has no debounce, so a line's `debounce` is not applied (`debounceApplied` is false).
    func requestEdgeEvents(
      _ lines: [GPIOInputLine], consumer: String, operation: String
    ) throws(HardwareError) -> any GPIOEventRequestAPI {
      let offsets = lines.map(\.offset)
      let pullUp = lines.contains(where: \.pullUp)
      var bulk = try bulk(offsets, for: operation)
      var biasApplied = pullUp
      let flags = pullUp ? Int32(GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP) : 0
      do throws(HardwareError) {
        try LibgpiodV1.call(device, operation, phase: .request) {
          gpiod_line_request_bulk_both_edges_events_flags(&bulk, consumer, flags)
        }
      } catch  where pullUp && error.problem == .unsupported {
        // Kernels before 5.5 know no bias: take the lines without it (external pull-ups).
        biasApplied = false
        try LibgpiodV1.call(device, operation, phase: .request) {
          gpiod_line_request_bulk_both_edges_events(&bulk, consumer)
        }
      }
      return LibgpiodV1EventRequest(
        chip: self, bulk: bulk, offsets: offsets, device: device, biasApplied: biasApplied)
    }
  }

  /// Output lines requested together: one handle, so one ioctl sets them all.
  ///
  /// libgpiod 1.6 sets a bulk with one GPIOHANDLE_SET_LINE_VALUES ioctl on the handle of the
  /// request, whose values are positional over the whole request: a subset cannot be set on its
  /// own, so every write passes every line's level. The bulk and the values live in buffers
  /// allocated once, and a write stores only the values that change: it allocates nothing
  /// (and, as it is used from one thread at a time and never re-entered, checks no exclusivity
  /// at run time).
  final class LibgpiodV1OutputRequest: GPIOOutputRequestAPI {
    private let chip: LibgpiodV1Chip
    private let bulk: UnsafeMutablePointer<gpiod_line_bulk>
    /// Each line's level for the bulk call, in request order.
    private let values: UnsafeMutablePointer<Int32>
    /// The request position of each line, by its bit (64 entries).
    private let position: UnsafeMutablePointer<Int>
    /// The bits of the requested lines.
    private let requested: LineSet
    private let device: String
    @exclusivity(unchecked) private var released = false
    @exclusivity(unchecked) private(set) var writeCount = 0
    @exclusivity(unchecked) private(set) var levels: LineSet
    /// The levels `values` holds (those of the last write tried).
    @exclusivity(unchecked) private var valueLevels: LineSet

    init(chip: LibgpiodV1Chip, bulk: gpiod_line_bulk, lines: [GPIOOutputLine], device: String) {
      self.chip = chip
      self.bulk = .allocate(capacity: 1)
      self.bulk.initialize(to: bulk)
      values = .allocate(capacity: max(lines.count, 1))
      values.initialize(repeating: 0, count: max(lines.count, 1))
      position = .allocate(capacity: LineSet.RawValue.bitWidth)
      position.initialize(repeating: 0, count: LineSet.RawValue.bitWidth)
      for (index, line) in lines.enumerated() {
        values[index] = line.high ? 1 : 0
        position[line.bit] = index
      }
      requested = lines.bits
      levels = lines.initialLevels
      valueLevels = levels
      self.device = device
    }

    deinit {
      release()
      bulk.deallocate()
      values.deallocate()
      position.deallocate()
    }

    func setValues(_ writes: UnsafeBufferPointer<LineWrite>) throws(HardwareError) {
      guard !released else { throw HardwareError.linesReleased(device: device) }
      // The loop's state in locals (registers), stored back once.
      let (bulk, values, position, requested) = (bulk, values, position, requested)
      var (levels, valueLevels, made) = (levels, valueLevels, 0)
      defer { (self.levels, self.valueLevels, writeCount) = (levels, valueLevels, writeCount + made) }
      for write in writes {
        let next = write.applied(to: levels).intersection(requested)
        var changed = next.rawValue ^ valueLevels.rawValue
        while changed != 0 {
          let bit = changed.trailingZeroBitCount
          values[position[bit]] = Int32(truncatingIfNeeded: next.rawValue &>> UInt64(bit) & 1)
          changed &= changed &- 1
        }
        valueLevels = next
        try LibgpiodV1.call(device, "set lines", phase: .transfer) {
          gpiod_line_set_value_bulk(bulk, values)
        }
        levels = next
        made &+= 1
      }
    }

    func release() {
      guard !released else { return }
      released = true
      gpiod_line_release_bulk(bulk)
    }
  }

  /// Input lines requested for both-edge events. With the v1 API each line has its own event
  /// descriptor and its own kernel queue of 16 events; the caller merges them by timestamp.
  final class LibgpiodV1EventRequest: GPIOEventRequestAPI {
    private let chip: LibgpiodV1Chip
    private var bulk: gpiod_line_bulk
    private let offsets: [UInt32]
    private let device: String
    let biasApplied: Bool
    let debounceApplied = false
    let descriptors: [Int32]
    private var released = false
    private var buffer = [gpiod_line_event](repeating: gpiod_line_event(), count: 16)

    init(chip: LibgpiodV1Chip, bulk: gpiod_line_bulk, offsets: [UInt32], device: String, biasApplied: Bool) {
      self.chip = chip
      self.bulk = bulk
      self.offsets = offsets
      self.device = device
      self.biasApplied = biasApplied
      var lines = bulk
      descriptors = (0..<lines.num_lines).map {
        gpiod_line_event_get_fd(gpiod_line_bulk_get_line(&lines, $0))
      }
    }

    deinit { release() }

    func readEvents(from descriptor: Int32, into events: inout [GPIOEdgeEvent]) throws(HardwareError) {
      guard let index = descriptors.firstIndex(of: descriptor) else { return }
      let capacity = UInt32(buffer.count)
      var count: Int32 = 0
      try LibgpiodV1.call(device, "read edge events of line \(offsets[index])", phase: .transfer) {
        count = gpiod_line_event_read_fd_multiple(descriptor, &buffer, capacity)
        return count
      }
      // The buffer holds as many events as the kernel's queue of a line (16): a read that
      // fills it may have emptied a queue that dropped edges.
      let full = count >= Int32(capacity)
      for event in buffer.prefix(Int(count)) {
        events.append(
          GPIOEdgeEvent(
            offset: offsets[index], rising: event.event_type == Int32(GPIOD_LINE_EVENT_RISING_EDGE),
            timestampNanoseconds: UInt64(event.ts.tv_sec) * 1_000_000_000 + UInt64(event.ts.tv_nsec),
            fromFullQueue: full))
      }
    }

    func values() throws(HardwareError) -> [Bool] {
      var levels = [Int32](repeating: 0, count: offsets.count)
      try LibgpiodV1.call(device, "read input levels", phase: .transfer) {
        gpiod_line_get_value_bulk(&bulk, &levels)
      }
      return levels.map { $0 != 0 }
    }

    func release() {
      guard !released else { return }
      released = true
      gpiod_line_release_bulk(&bulk)
    }
  }
#endif
