#if LIBGPIOD_V2
  import CGPIOD

  /// Input lines requested for edge events with libgpiod 2.x: one descriptor and one kernel
  /// queue for all of them, read in one call into a buffer made once.
  final class LibgpiodV2EventRequest: GPIOEventRequestAPI {
    /// Events read per call; more wait for the next (the source asks again at once).
    static let batch = 64

    private let request: OpaquePointer
    private let chip: LibgpiodV2Chip
    private let device: String
    private let offsets: [UInt32]
    private let buffer: OpaquePointer
    private var released = false
    let descriptors: [Int32]
    let biasApplied: Bool
    let debounceApplied: Bool

    /// Takes `request` and `buffer` (an edge-event buffer of `batch` events) over.
    init(
      _ request: OpaquePointer, buffer: OpaquePointer, offsets: [UInt32], chip: LibgpiodV2Chip,
      device: String, biasApplied: Bool, debounceApplied: Bool
    ) {
      self.request = request
      self.buffer = buffer
      self.chip = chip
      self.device = device
      self.offsets = offsets
      self.biasApplied = biasApplied
      self.debounceApplied = debounceApplied
      descriptors = [gpiod_line_request_get_fd(request)]
    }

    deinit {
      release()
      gpiod_edge_event_buffer_free(buffer)
    }

    func readEvents(from descriptor: Int32, into events: inout [GPIOEdgeEvent]) throws(HardwareError) {
      guard descriptors.contains(descriptor) else { return }
      var count: Int32 = 0
      try LibgpiodV2.call(device, "read edge events", phase: .transfer) {
        count = gpiod_line_request_read_edge_events(request, buffer, Self.batch)
        return count
      }
      for index in 0..<Int(max(count, 0)) {
        guard let event = gpiod_edge_event_buffer_get_event(buffer, CUnsignedLong(index)) else { continue }
        events.append(
          GPIOEdgeEvent(
            offset: UInt32(gpiod_edge_event_get_line_offset(event)),
            rising: gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE,
            timestampNanoseconds: gpiod_edge_event_get_timestamp_ns(event),
            lineSequence: UInt64(gpiod_edge_event_get_line_seqno(event))))
      }
    }

    func values() throws(HardwareError) -> [Bool] {
      var levels = [gpiod_line_value](repeating: GPIOD_LINE_VALUE_INACTIVE, count: offsets.count)
      try LibgpiodV2.call(device, "read input levels", phase: .transfer) {
        gpiod_line_request_get_values_subset(request, offsets.count, offsets, &levels)
      }
      return levels.map { $0 == GPIOD_LINE_VALUE_ACTIVE }
    }

    func release() {
      guard !released else { return }
      released = true
      gpiod_line_request_release(request)
    }
  }
#endif
