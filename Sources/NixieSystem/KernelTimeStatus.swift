import CSystem
import Glibc

/// The kernel's answer: adjtimex(2) in read-only mode returns TIME_ERROR, or sets STA_UNSYNC,
/// while no time daemon has disciplined the clock.
public final class KernelTimeStatus {
  public init() {}

  /// The corresponding C function is `adjtimex` with `modes = 0`.
  public func synchronisation() -> ClockSynchronisation {
    var status: Int32 = 0
    let state: Int32
    do {
      state = try SystemCall.run("adjtimex") { csystem_adjtimex_read(&status) }
    } catch {
      return .unknown(error)
    }
    return Self.interpret(state: state, status: status)
  }

  /// TIME_ERROR or the STA_UNSYNC bit mean unsynchronised.
  public static func interpret(state: Int32, status: Int32) -> ClockSynchronisation {
    state == csystem_time_error || status & csystem_sta_unsync != 0 ? .unsynchronised : .synchronised
  }
}
