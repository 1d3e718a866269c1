/// Reads a trace the way a shift-register chain does: every shift edge moves the chain one
/// stage and takes the data wire's level into the first stage; every latch edge hands the
/// chain's contents to the outputs, which show them until the next latch (or, where the
/// latch wire is also the output enable, until it turns the outputs off). Written from the
/// chips' serial-in behaviour, not from any encoder of ours.
public enum ShiftRegisterCapture {
  /// The frames latched in `trace`, in time order.
  ///
  /// Errors: a wire missing; data changing at the very instant of a shift edge (no setup
  /// time: the chip could take either level); an unknown (x) data level at a shift edge; a
  /// shift and a latch edge at the same instant; a latch edge before the chain was filled
  /// once; the clock away from the firmware's idle level at a latch edge.
  public static func frames(
    in trace: LogicTrace, wiring: ShiftRegisterWiring
  ) throws(WireDecodeError) -> [LatchedFrame] {
    let data = try trace.wire(wiring.data)
    let clock = try trace.wire(wiring.clock)
    let latch = try trace.wire(wiring.latch)
    guard wiring.stages > 0 else { throw WireDecodeError("a chain needs at least one stage") }

    var chain: [Bool] = []
    var shiftedTotal = 0
    var shiftedSinceLatch = 0
    var shiftsWhileTransparent = 0
    var frames: [LatchedFrame] = []

    /// The frame on the outputs whose end is not known yet.
    var showing: Int?
    let outputsOff: ClockEdge = wiring.latchOn == .rising ? .falling : .rising
    for instant in trace.instants() {
      let shifts = instant.made(wiring.shiftOn, on: clock)
      let latches = instant.made(wiring.latchOn, on: latch)
      if wiring.latchEnablesOutputs, let index = showing, instant.made(outputsOff, on: latch) {
        frames[index].shownUntil = instant.time
        showing = nil
      }
      if shifts {
        if latches {
          throw WireDecodeError(
            time: instant.time, "\(wiring.clock) shifts and \(wiring.latch) latches at the same instant")
        }
        if instant.changed.contains(data) {
          throw WireDecodeError(
            time: instant.time,
            "\(wiring.data) changes at the same instant as the \(wiring.shiftOn) edge of \(wiring.clock): no setup time"
          )
        }
        guard let bit = instant.before[data] else {
          throw WireDecodeError(time: instant.time, "\(wiring.data) is unknown (x) at a \(wiring.clock) edge")
        }
        chain.append(bit)
        if chain.count > wiring.stages { chain.removeFirst() }
        shiftedTotal += 1
        shiftedSinceLatch += 1
        if let transparent = wiring.transparentLevel, instant.before[latch] == transparent {
          shiftsWhileTransparent += 1
        }
      }
      if latches {
        guard shiftedTotal >= wiring.stages else {
          throw WireDecodeError(
            time: instant.time,
            "\(wiring.latch) latches after only \(shiftedTotal) of \(wiring.stages) bits: the rest of the chain holds power-on garbage"
          )
        }
        if let idle = wiring.clockIdleLevel, let level = instant.after[clock], level != idle {
          throw WireDecodeError(
            time: instant.time,
            "\(wiring.clock) is \(level ? "high" : "low") at the latch edge; the firmware leaves it \(idle ? "high" : "low")"
          )
        }
        if let index = showing { frames[index].shownUntil = instant.time }
        showing = frames.count
        frames.append(
          LatchedFrame(
            time: instant.time, bits: chain, bitsSincePreviousLatch: shiftedSinceLatch,
            shiftsWhileTransparent: shiftsWhileTransparent, shownUntil: trace.endTime))
        shiftedSinceLatch = 0
        shiftsWhileTransparent = 0
      }
    }
    return frames
  }
}
