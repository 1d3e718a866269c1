import NixieTransitions
import Testing

/// The fade curves: the perceptual one is CIE lightness, the linear one the plain ramp.
struct FadeCurveTests {
  @Test func perceptualHalfBrightnessIsCIEMidGrey() {
    // L* = 50 is 18.4 % of the light: the photographer's mid grey.
    #expect(abs(FadeCurve.perceptual.duty(forBrightness: 0.5) - 0.1842) < 0.0005)
    #expect(FadeCurve.perceptual.duty(forBrightness: 1) == 1)
    #expect(FadeCurve.perceptual.duty(forBrightness: 0) == 0)
  }

  @Test(arguments: FadeCurve.allCases)
  func brightnessAndDutyAreInverses(_ curve: FadeCurve) {
    for step in 0...200 {
      let level = Double(step) / 200
      #expect(abs(curve.brightness(forDuty: curve.duty(forBrightness: level)) - level) < 1e-9, "\(level)")
    }
  }

  @Test(arguments: FadeCurve.allCases)
  func dutyRisesWithBrightness(_ curve: FadeCurve) {
    var previous = -1.0
    for step in 0...1000 {
      let duty = curve.duty(forBrightness: Double(step) / 1000)
      #expect(duty > previous)
      previous = duty
    }
  }

  @Test func linearIsTheRampItself() {
    #expect(FadeCurve.linear.duty(forBrightness: 0.3) == 0.3)
    #expect(FadeCurve.linear.brightness(forDuty: 0.7) == 0.7)
  }
}
