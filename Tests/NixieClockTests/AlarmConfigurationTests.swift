import NixieAlarms
import NixieClockSettings
import Testing

/// nixie.yaml's `alarms` and `chime`, checked as the file's other keys are: every mistake at
/// its `file:line:column`, a tune's at the column of the note inside it.
struct AlarmConfigurationTests {
  @Test func anAlarmNeedsOnlyItsTimeAndTakesTheDefaults() throws {
    let alarms = try ConfigurationText.parse("alarms:\n  - at: \"07:00\"\n  - {at: 06:45:30}\n").alarms
    #expect(alarms.count == 2)
    let first = try #require(alarms.first)
    #expect(first.alarm.time.description == "07:00" && first.alarm.days == .everyDay)
    #expect(first.alarm.snoozeSeconds == 540 && first.alarm.ringForSeconds == 600)
    #expect(first.alarm.enabled)
    #expect(first.alarm.tune == "beeps" && first.tune == BuiltInTunes.named("beeps"))
    #expect(first.origin?.place == "nixie.yaml:2:9")
    // 06:45:30 is 24 330 seconds into the day.
    let last = try #require(alarms.last)
    #expect(last.alarm.time.secondOfDay == 24_330)
    #expect(try ConfigurationText.parse("alarms: off\n").alarms.isEmpty)
    #expect(try ConfigurationText.parse("alarms: []\n").alarms.isEmpty)
  }

  @Test func everyKeyIsRead() throws {
    let alarm = try #require(
      try ConfigurationText.parse(
        """
        alarms:
          - at: "06:30"
            days: [mon, TUE, fri]
            tune: "wake:d=8,o=6,b=120:c,e,g"
            snooze: 5m
            ring-for: 1h30m
            enabled: false
        """
      ).alarms.first)
    #expect(alarm.alarm.days.names == ["mon", "tue", "fri"])
    #expect(alarm.tune.name == "wake" && alarm.tune.notes.count == 3)
    #expect(alarm.alarm.snoozeSeconds == 300 && alarm.alarm.ringForSeconds == 5400)
    #expect(!alarm.alarm.enabled)
  }

  @Test(arguments: [
    ("daily", ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]),
    ("weekdays", ["mon", "tue", "wed", "thu", "fri"]),
    ("weekends", ["sat", "sun"]), ("sat", ["sat"]), ("[weekends, mon]", ["mon", "sat", "sun"]),
  ])
  func daysTakeNamesAndGroups(_ days: String, _ names: [String]) throws {
    let alarm = try #require(
      try ConfigurationText.parse("alarms:\n  - {at: \"07:00\", days: \(days)}\n").alarms.first)
    #expect(alarm.alarm.days.names == names)
  }

  @Test(arguments: [
    ("alarms:\n  - {at: \"7:00\"}\n", "nixie.yaml:2:6: alarms[0].at must be a local time HH:MM or HH:MM:SS"),
    ("alarms:\n  - {at: \"24:00\"}\n", "nixie.yaml:2:6: alarms[0].at must be a local time"),
    ("alarms:\n  - {days: [mon]}\n", "nixie.yaml:2:5: missing key 'at' in alarms[0]"),
    (
      "alarms:\n  - {at: \"07:00\", dayz: [mon]}\n",
      "nixie.yaml:2:19: unknown key 'dayz' in alarms[0] (did you mean 'days'?)"
    ),
    (
      "alarms:\n  - {at: \"07:00\", days: [mon, mnd]}\n",
      "nixie.yaml:2:31: alarms[0].days: 'mnd' is not a day: sun, mon, tue, wed, thu, fri, sat, or daily, weekdays, weekends"
    ),
    (
      "alarms:\n  - {at: \"07:00\", days: []}\n", "nixie.yaml:2:19: alarms[0].days must name at least one day"
    ),
    (
      "alarms:\n  - {at: \"07:00\", snooze: 2h}\n",
      "nixie.yaml:2:19: alarms[0].snooze must be a duration from 1s to 1h, such as 90s, 9m or 1h30m, not '2h'"
    ),
    (
      "alarms:\n  - {at: \"07:00\", ring-for: 5s}\n",
      "nixie.yaml:2:19: alarms[0].ring-for must be a duration from 10s to 3h"
    ),
    (
      "alarms:\n  - {at: \"07:00\", enabled: maybe}\n",
      "nixie.yaml:2:19: alarms[0].enabled must be true or false"
    ),
    (
      "alarms:\n  - {at: \"07:00\", tune: klaxon}\n",
      "nixie.yaml:2:25: alarms[0].tune: no built-in tune is called 'klaxon' (there are beeps, rising, chime, timer)"
    ),
    // The note `x` is the tune's 15th character: column 26 + 14, after the quote.
    ("alarms:\n  - {at: \"07:00\", tune: \"t:d=4,o=5,b=9:x\"}\n", "nixie.yaml:2:40: alarms[0].tune:"),
    ("alarms:\n  at: \"07:00\"\n", "nixie.yaml:1:1: alarms must be a list"),
    ("chime: daily\n", "nixie.yaml:1:1: chime must be one of hourly, off, not 'daily'"),
    ("chime: {tune: \"x\"}\n", "nixie.yaml:1:16: chime.tune: no built-in tune is called 'x'"),
  ])
  func mistakesAreRefusedAtTheirPlace(_ yaml: String, _ expected: String) {
    let message = ConfigurationText.refusal(yaml)
    #expect(message.hasPrefix(expected), "\(message)")
  }

  @Test func aClockKeepsAtMostTwentyAlarms() {
    let yaml = "alarms:\n" + String(repeating: "  - {at: \"07:00\"}\n", count: 21)
    #expect(
      ConfigurationText.refusal(yaml) == "nixie.yaml:1:1: alarms lists 21 alarms; a clock keeps at most 20")
  }

  @Test func theChimeIsOffUnlessAskedFor() throws {
    #expect(try ConfigurationText.parse("").chime == nil)
    #expect(try ConfigurationText.parse("chime: off\n").chime == nil)
    #expect(try ConfigurationText.parse("chime: hourly\n").chime?.tune == BuiltInTunes.named("chime"))
    #expect(try ConfigurationText.parse("chime: {tune: timer}\n").chime?.tuneText == "timer")
  }
}
