/// Reading an input line once: requested with the bias asked for, read, and given back at once
/// (a board's detect line at start).
enum GPIOInputReading {
  /// The level of `line` on `chip` (true = high), read once as `consumer`.
  static func level(chip reference: String, line: UInt32, pullUp: Bool, consumer: String)
    throws(HardwareError)
    -> Bool
  {
    let chip = try SystemGPIO.openChip(reference)
    let request: any GPIOEventRequestAPI
    do throws(HardwareError) {
      request = try chip.requestEdgeEvents(
        [GPIOInputLine(offset: line, pullUp: pullUp)], consumer: consumer,
        operation: "request line \(line) as an input to read the board's detect line")
    } catch {
      throw chip.explainingBusy(error, offsets: [line])
    }
    defer { request.release() }
    return try request.values().first ?? true
  }
}
