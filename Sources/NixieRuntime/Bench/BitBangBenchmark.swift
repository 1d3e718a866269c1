import NixieBackend
import NixieBoardModel
import NixieCore
import NixieSystem
import NixieText
import NixieTransitions

/// `nixie bench --bitbang N`: bit-bangs N frames on a board's real GPIO lines as fast as the
/// driver goes, through exactly the path `nixie show --backend hardware` takes (the board
/// opened on the backend, `HardwareBoard`'s HV5622 driver on libgpiod), but straight to the
/// driver, without the frame thread, and reports frames per second.
///
/// It sends the frames of the kernel tests' plain C program (`hv5622-bitbang-v1 -r N`): the
/// chain bits 0x8801000801300801 and their complement, alternately, so every frame differs
/// from the last and is shifted in full. Its output line has that program's shape, so the two
/// can be compared in one run: `frames N writes W seconds S fps F`, where W counts every line
/// write since the request (start()'s two idle writes, 130 a 64-bit frame, BL once).
public struct BitBangBenchmark {
  /// The C program's default frame: chain position k is bit k.
  static let pattern: UInt64 = 0x8801_0008_0130_0801

  /// The board and the backend it runs on, as chosen (`--board`, the hardware).
  public let choice: BoardChoice
  /// Makes the backend (the command line's: the host's devices, as `nixie-bench`).
  public let backends: any BackendFactory
  public let frames: Int

  public init(choice: BoardChoice, backends: any BackendFactory, frames: Int) {
    self.choice = choice
    self.backends = backends
    self.frames = frames
  }

  public func run() throws(NixieError) {
    try choice.requireChosenBoard(for: "--bitbang")
    let board = try choice.loadProfile()
    let plan = TransportPlan(board: board)
    guard plan.spi == nil, plan.i2c == nil, let outputs = plan.outputs, outputs.lines[.clk] != nil else {
      throw NixieError(
        .badUsage, "--bitbang needs a bit-banged board (din, clk and le on GPIO lines); \(board.name) is not")
    }
    let (backend, _) = try backends.backend(for: choice)
    let clock = SystemClock()
    let opened = try backend.open(board, clock: clock)
    defer { opened.release() }
    let map = board.outputs
    var first = OutputBits(count: map.outputCount)
    var second = OutputBits(count: map.outputCount)
    for output in 0..<min(map.outputCount, 64) {
      let on = Self.pattern >> UInt64(output) & 1 == 1
      first[output] = on
      second[output] = !on
    }
    let states = [map.decode(first), map.decode(second)]
    let driver = opened.driver
    try opened.start()
    let start = clock.now()
    do {
      for frame in 0..<frames { try driver.write(states[frame & 1]) }
    } catch {
      throw NixieError(.unavailable, "\(board.name): \(error)")
    }
    let elapsed = clock.now() - start
    let seconds = Double(elapsed) / 1e9
    let fps = seconds > 0 ? Double(frames) / seconds : 0
    let stdout = FileStream.standardOutput
    stdout.write(
      "frames \(frames) writes \(opened.lineWriteCount) seconds \(DecimalText.text(seconds, places: 6))"
        + " fps \(DecimalText.text(fps, places: 1))\n")
    stdout.flush()
    // The PWM these writes afford, as the clock would fit it; on standard error, so the line
    // above stays the C program's format for scripts that compare the two.
    let writeTime = frames > 0 ? elapsed / UInt64(frames) : 0
    let fit = PWMSettings.fitted(writeTime: WriteTimeWatch.headroom(writeTime))
    FileStream.standardError.line(
      "nixie bench: \(WriteTimeWatch.describe(writeTime: writeTime, settings: fit))")
  }
}
