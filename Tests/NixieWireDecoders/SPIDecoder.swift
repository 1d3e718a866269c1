/// Decodes an SPI bus with one or more active-low chip-selects: while exactly one is low,
/// the data wire is sampled on the mode's sampling edge. A receiver ignores the clock while
/// its select is high, so clocks with every select high are skipped.
public enum SPIDecoder {
  /// Every completed chip-select assertion in `trace`, in time order.
  ///
  /// Errors: a wire missing; two chip-selects low at once; the clock away from the mode's
  /// idle level when a chip-select goes low; data changing at the instant of a sampling edge
  /// or unknown there; a select still low at the end of the trace.
  public static func transfers(
    in trace: LogicTrace, mosi: String = WireNames.mosi, sclk: String = WireNames.sclk,
    selects: [String], mode: SPIMode
  ) throws(WireDecodeError) -> [SPITransfer] {
    let data = try trace.wire(mosi)
    let clock = try trace.wire(sclk)
    var selectWires: [Int] = []
    for name in selects { selectWires.append(try trace.wire(name)) }

    var active: (select: Int, start: UInt64, bits: [Bool])?
    var transfers: [SPITransfer] = []
    for instant in trace.instants() {
      let low = selectWires.indices.filter { instant.after[selectWires[$0]] == false }
      if low.count > 1 {
        let names = low.map { selects[$0] }.joined(separator: " and ")
        throw WireDecodeError(time: instant.time, "\(names) are low at once: two receivers share the bus")
      }
      if let current = active, instant.made(.rising, on: selectWires[current.select]) {
        transfers.append(
          SPITransfer(select: current.select, start: current.start, end: instant.time, bits: current.bits))
        active = nil
      }
      if instant.made(mode.samplingEdge, on: clock), var current = active {
        if instant.changed.contains(data) {
          throw WireDecodeError(
            time: instant.time, "\(mosi) changes at the instant \(sclk) samples it: no setup time")
        }
        guard let bit = instant.before[data] else {
          throw WireDecodeError(time: instant.time, "\(mosi) is unknown (x) when \(sclk) samples it")
        }
        current.bits.append(bit)
        active = current
      }
      if let index = low.first, active == nil, instant.made(.falling, on: selectWires[index]) {
        if let level = instant.after[clock], level != mode.clockIdlesHigh {
          throw WireDecodeError(
            time: instant.time,
            "\(sclk) is \(level ? "high" : "low") when \(selects[index]) goes low; \(mode) idles \(mode.clockIdlesHigh ? "high" : "low")"
          )
        }
        active = (index, instant.time, [])
      }
    }
    if let current = active {
      throw WireDecodeError(time: current.start, "\(selects[current.select]) goes low and never back high")
    }
    return transfers
  }
}
