import NixieControl
import NixieTime
import Testing

/// The rules a night's hours must keep, in their one home (`NightMode.checked`), which both
/// nixie.yaml and the control socket's `set` use.
struct NightModeRulesTests {
  static func time(_ text: String) throws -> TimeOfDay { try #require(TimeOfDay(text)) }

  @Test func aDimNightWithoutBrightnessGetsTheDefault() throws {
    let from = try Self.time("22:00")
    let until = try Self.time("06:00")
    let night = try NightMode.checked(from: from, until: until, mode: .dim, brightnessPercent: nil).get()
    #expect(night.brightness == Double(NightMode.defaultBrightnessPercent) / 100)
    #expect(night == NightMode(from: from, until: until, mode: .dim))
  }

  @Test func aGivenBrightnessIsAPercentage() throws {
    let night = try NightMode.checked(
      from: try Self.time("22:00"), until: try Self.time("06:00"), mode: .dim, brightnessPercent: 35
    ).get()
    #expect(night.brightness == 0.35)
  }

  @Test func theProblemsComeInTheirOrder() throws {
    let ten = try Self.time("22:00")
    let six = try Self.time("06:00")
    func problem(_ from: TimeOfDay, _ mode: NightMode.Mode, _ percent: Int?) -> NightMode.Problem? {
      if case .failure(let problem) = NightMode.checked(
        from: from, until: six, mode: mode, brightnessPercent: percent)
      {
        return problem
      }
      return nil
    }
    #expect(problem(six, .dark, 500) == .noLength)
    #expect(problem(ten, .dark, 20) == .brightnessWhenDark)
    #expect(problem(ten, .dark, nil) == nil)
    let range = SettingRanges.brightnessPercent
    #expect(problem(ten, .dim, range.lowerBound - 1) == .brightnessOutOfRange)
    #expect(problem(ten, .dim, range.upperBound + 1) == .brightnessOutOfRange)
    #expect(problem(ten, .dim, range.lowerBound) == nil)
    #expect(problem(ten, .dim, range.upperBound) == nil)
  }
}
