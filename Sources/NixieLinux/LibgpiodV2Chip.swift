#if LIBGPIOD_V2
  import CGPIOD
  import Glibc
  import NixieSystem

  /// A chip opened with libgpiod 2.x. Its requests are objects of their own: they keep their
  /// lines after the chip is closed, until they are released.
  final class LibgpiodV2Chip: GPIOChipAPI {
    /// The kernel's event queue asked for an edge-event request: the most the kernel allows
    /// (16 × 64 lines; 16 per line is its default), so a fast spin does not overflow it.
    static let eventQueueSize = 1_024

    private let chip: OpaquePointer
    let path: String
    let name: String
    let label: String
    let lineCount: UInt32

    /// Takes `chip` over (closing it if its info cannot be read).
    init(_ chip: OpaquePointer, path: String) throws(SystemCallError) {
      guard let info = gpiod_chip_get_info(chip) else {
        let error = SystemCallError("gpiod_chip_get_info", subject: path, errno: Errno.current)
        gpiod_chip_close(chip)
        throw error
      }
      defer { gpiod_chip_info_free(info) }
      self.chip = chip
      self.path = path
      name = String(cString: gpiod_chip_info_get_name(info))
      label = String(cString: gpiod_chip_info_get_label(info))
      lineCount = UInt32(truncatingIfNeeded: gpiod_chip_info_get_num_lines(info))
    }

    deinit { gpiod_chip_close(chip) }

    private var device: String { "/dev/" + name }

    func lineInfo(_ offset: UInt32) throws(HardwareError) -> GPIOLineInfo {
      let operation = "read the info of line \(offset)"
      if let missing = missingLine(offset, for: operation) { throw missing }
      let info = try LibgpiodV2.make(device, operation, phase: .request) {
        gpiod_chip_get_line_info(chip, offset)
      }
      defer { gpiod_line_info_free(info) }
      let consumer = gpiod_line_info_get_consumer(info).map { String(cString: $0) }
      return GPIOLineInfo(
        offset: offset, name: gpiod_line_info_get_name(info).map { String(cString: $0) },
        consumer: consumer, isUsed: gpiod_line_info_is_used(info),
        isOutput: gpiod_line_info_get_direction(info) == GPIOD_LINE_DIRECTION_OUTPUT)
    }

    func requestOutputs(
      _ lines: [GPIOOutputLine], consumer: String, operation: String
    ) throws(HardwareError) -> any GPIOOutputRequestAPI {
      let offsets = lines.map(\.offset)
      let request = try request(offsets, consumer: consumer, operation: operation) {
        config, settings throws(HardwareError) in
        try LibgpiodV2.call(device, operation, phase: .request) {
          gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT)
        }
        try add(settings, for: offsets, to: config, operation)
        let levels = lines.map { $0.high ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE }
        try LibgpiodV2.call(device, operation, phase: .request) {
          gpiod_line_config_set_output_values(config, levels, levels.count)
        }
      }
      return LibgpiodV2OutputRequest(request, lines: lines, chip: self, device: device)
    }

    func requestEdgeEvents(
      _ lines: [GPIOInputLine], consumer: String, operation: String
    ) throws(HardwareError) -> any GPIOEventRequestAPI {
      let offsets = lines.map(\.offset)
      let buffer = try LibgpiodV2.make(device, operation, phase: .request) {
        gpiod_edge_event_buffer_new(LibgpiodV2EventRequest.batch)
      }
      let request: OpaquePointer
      do throws(HardwareError) {
        request = try self.request(
          offsets, consumer: consumer, operation: operation, queue: Self.eventQueueSize
        ) {
          config, settings throws(HardwareError) in
          for line in lines {
            gpiod_line_settings_reset(settings)
            try LibgpiodV2.call(device, operation, phase: .request) {
              gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT)
            }
            try LibgpiodV2.call(device, operation, phase: .request) {
              gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH)
            }
            try LibgpiodV2.call(device, operation, phase: .request) {
              gpiod_line_settings_set_bias(
                settings, line.pullUp ? GPIOD_LINE_BIAS_PULL_UP : GPIOD_LINE_BIAS_AS_IS)
            }
            gpiod_line_settings_set_debounce_period_us(settings, line.debounceMicroseconds)
            try add(settings, for: [line.offset], to: config, operation)
          }
        }
      } catch {
        gpiod_edge_event_buffer_free(buffer)
        throw error
      }
      // uAPI v2 (Linux 5.10) always has bias and debounce: a driver that cannot pull up or
      // debounce in hardware is ignored (bias) or replaced by the kernel's own debounce.
      return LibgpiodV2EventRequest(
        request, buffer: buffer, offsets: offsets, chip: self, device: device,
        biasApplied: lines.contains(where: \.pullUp), debounceApplied: lines.contains { $0.debounce > 0 })
    }

    /// Makes a line config with `configure` (given the config and a settings object to fill)
    /// and requests `offsets` with it for `consumer`.
    private func request(
      _ offsets: [UInt32], consumer: String, operation: String, queue: Int = 0,
      configure: (OpaquePointer, OpaquePointer) throws(HardwareError) -> Void
    ) throws(HardwareError) -> OpaquePointer {
      for offset in offsets {
        if let missing = missingLine(offset, for: operation) { throw missing }
      }
      let settings = try LibgpiodV2.make(device, operation, phase: .request) { gpiod_line_settings_new() }
      defer { gpiod_line_settings_free(settings) }
      let config = try LibgpiodV2.make(device, operation, phase: .request) { gpiod_line_config_new() }
      defer { gpiod_line_config_free(config) }
      let requestConfig = try LibgpiodV2.make(device, operation, phase: .request) {
        gpiod_request_config_new()
      }
      defer { gpiod_request_config_free(requestConfig) }
      try configure(config, settings)
      gpiod_request_config_set_consumer(requestConfig, consumer)
      gpiod_request_config_set_event_buffer_size(requestConfig, queue)
      return try LibgpiodV2.make(device, operation, phase: .request) {
        gpiod_chip_request_lines(chip, requestConfig, config)
      }
    }

    private func add(
      _ settings: OpaquePointer, for offsets: [UInt32], to config: OpaquePointer, _ operation: String
    ) throws(HardwareError) {
      try LibgpiodV2.call(device, operation, phase: .request) {
        gpiod_line_config_add_line_settings(config, offsets, offsets.count, settings)
      }
    }
  }
#endif
