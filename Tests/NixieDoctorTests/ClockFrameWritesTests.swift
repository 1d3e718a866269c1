import NixieTransitions
import Testing

@testable import NixieDoctor

/// What `nixie doctor` says of the frame writes a running clock measured (issue 34 §2).
struct ClockFrameWritesTests {
  @Test func aMeasureThatAffordsAFadeIsFine() {
    let finding = ClockFrameWrites.measured(
      board: "hv5622-6xin14", writeTime: 130_000, pwm: PWMSettings.fitted(writeTime: 162_500)
    ).finding(on: "hv5622-6xin14")
    #expect(finding.status == .ok)
    #expect(finding.subject == "frame writes")
    #expect(
      finding.message
        == "the running clock measures: a frame write takes 130 µs: the PWM plays 5 ms in 30 levels of 166 µs"
    )
  }

  /// Fewer than 16 levels: fades step visibly, and the fix says what writes faster.
  @Test func aMeasureThatAffordsFewLevelsIsAWarningWithAFix() {
    let finding = ClockFrameWrites.measured(
      board: "ncs314", writeTime: 1_200_000, pwm: PWMSettings.fitted(writeTime: 1_500_000)
    ).finding(on: "hv5622-6xin14")
    #expect(finding.status == .warning)
    #expect(finding.message.hasPrefix("the running clock, on ncs314, measures: a frame write takes 1.2 ms"))
    #expect(finding.message.contains("in 6 levels"))
    #expect(finding.fix?.contains("SPI") == true)
  }

  @Test func withoutAMeasureTheDoctorSaysHowToGetOne() {
    let none = ClockFrameWrites.noClock.finding(on: "hv5622-6xin14")
    #expect(none.status == .ok)
    #expect(none.message.contains("nixie bench --bitbang 1000 --board hv5622-6xin14"))
    let early = ClockFrameWrites.notYetMeasured(board: "hv5622-6xin14").finding(on: "hv5622-6xin14")
    #expect(early.message.contains("has not measured them yet"))
  }
}
