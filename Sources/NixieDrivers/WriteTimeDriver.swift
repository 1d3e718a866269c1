import NixieBoardModel
import NixieCore
import NixieDisplay
import NixieTransitions

/// A driver whose every frame write takes `writeTime` more: the simulated board's
/// (`--sim-write-time`, `SimulatedBoard`), made as slow as a real board's write — a Pi 3
/// bit-banging a long chain, the Pi 5's RP1 across PCIe — as the frame thread meets it. The
/// frame reaches the chips when the time has passed, as a chain latches its frame at the end
/// of the write; the clock given (virtual or real) is the one that passes.
public final class WriteTimeDriver: DisplayDriver {
  private let driver: any DisplayDriver
  private let clock: MonotonicClock
  private let writeTime: UInt64

  public init(_ driver: any DisplayDriver, writeTime: UInt64, clock: MonotonicClock) {
    self.driver = driver
    self.writeTime = writeTime
    self.clock = clock
  }

  public func start() throws { try driver.start() }

  public func write(_ frame: DisplayState) throws {
    takeWriteTime()
    try driver.write(frame)
  }

  public func write(duties: CathodeDuties) throws {
    takeWriteTime()
    try driver.write(duties: duties)
  }

  public func setBacklight(_ color: BacklightColor) throws { try driver.setBacklight(color) }

  public func blank() throws { try driver.blank() }

  private func takeWriteTime() {
    let now = clock.now()
    let (end, overflow) = now.addingReportingOverflow(writeTime)
    clock.sleep(until: overflow ? UInt64.max : end)
  }
}
