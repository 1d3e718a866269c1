import NixieRuntime
import NixieTransitions

/// What a running clock says its frame writes take (its state's `frame_timing`), for
/// `nixie doctor`: a measure only the board itself gives, which the doctor, which only looks,
/// cannot make. The command line asks the clock (`NixieDoctor` is no socket client).
public enum ClockFrameWrites: Sendable {
  /// The clock driving `board` measured a write of `writeTime` nanoseconds and plays in `pwm`.
  case measured(board: String, writeTime: UInt64, pwm: PWMSettings)
  /// The clock driving `board` answered but has not measured yet (it does in its first fade).
  case notYetMeasured(board: String)
  /// No clock answered.
  case noClock

  /// The finding about the writes of `board` (nixie bench measures them when no clock runs).
  func finding(on board: String) -> DoctorFinding {
    let subject = "frame writes"
    switch self {
    case .measured(let clockBoard, let writeTime, let pwm):
      let whose = clockBoard == board ? "the running clock" : "the running clock, on \(clockBoard),"
      let message = "\(whose) measures: \(WriteTimeWatch.describe(writeTime: writeTime, settings: pwm))"
      guard pwm.levels < PWMSettings.fewestFadingLevels else { return DoctorFinding(.ok, subject, message) }
      return DoctorFinding(
        .warning, subject, message + " — fewer than \(PWMSettings.fewestFadingLevels): fades step visibly",
        fix: "drive the chain over SPI (a spi: section in the profile) or from a faster Pi")
    case .notYetMeasured(let clockBoard):
      return DoctorFinding(
        .ok, subject, "the running clock (\(clockBoard)) has not measured them yet: it does in its first fade"
      )
    case .noClock:
      return DoctorFinding(
        .ok, subject,
        "not measured: no clock is running; the clock measures them as it runs and fits its PWM to"
          + " them (nixie doctor reports it then), or measure now with: nixie bench --bitbang 1000 --board \(board)"
      )
    }
  }
}
