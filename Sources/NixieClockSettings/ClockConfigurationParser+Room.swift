import NixieBoardModel
import NixieBoards
import NixieControl
import NixieRoom
import NixieYAMLFiles

/// nixie.yaml's keys for the room: `brightness` (a percent, `auto`, or a mapping that follows
/// a light sensor) and `presence`.
extension ClockConfigurationParser {
  /// `brightness: 60`, `brightness: auto`, or `{sensor, curve, sample-seconds, fallback}`.
  func parseBrightness(_ node: ProfileNode, into configuration: inout ClockConfiguration)
    throws(YAMLFileError)
  {
    if let text = node.text {
      guard text.lowercased() == "auto" else {
        configuration.brightness = Double(try node.int(in: SettingRanges.brightnessPercent)) / 100
        configuration.light = nil
        return
      }
      configuration.light = ClockConfiguration.Light()
      return
    }
    let fields = try node.fields(allowed: ["sensor", "curve", "sample-seconds", "fallback"])
    var light = ClockConfiguration.Light()
    if let sensor = fields["sensor"] { light.sensor = LightSensorChoice(try nonEmpty(sensor)) }
    if let curve = fields["curve"] { light.curve = try parseCurve(curve) }
    if let seconds = fields["sample-seconds"] {
      light.sampleSeconds = try seconds.int(in: ClockConfiguration.Light.sampleSecondsRange)
    }
    if let fallback = fields["fallback"] {
      configuration.brightness = Double(try fallback.int(in: SettingRanges.brightnessPercent)) / 100
    }
    configuration.light = light
  }

  /// `curve: {1: 10, 50: 50, 500: 100}`: lux → percent, lux increasing in file order.
  private func parseCurve(_ node: ProfileNode) throws(YAMLFileError) -> LightCurve {
    let entries = try node.entries()
    var points: [LightCurve.Point] = []
    for (key, value) in entries {
      guard let lux = Double(key), lux.isFinite, lux > 0 else {
        throw value.error("brightness.curve's keys are lux above 0, such as 0.5 or 200, not '\(key)'")
      }
      let percent = try value.int(in: LightCurve.percentRange)
      points.append(LightCurve.Point(lux: lux, percent: percent))
    }
    switch LightCurve.checked(points) {
    case .success(let curve):
      return curve
    case .failure(.tooFewPoints):
      throw node.error("brightness.curve needs 2 to \(LightCurve.maximumPoints) points, lux: percent")
    case .failure(.luxNotIncreasing(let index)):
      throw entries[index].node.error(
        "brightness.curve's lux must increase: \(entries[index].key) comes after \(entries[index - 1].key)")
    case .failure(.luxNotPositive(let index)), .failure(.percentOutOfRange(let index)):
      throw entries[index].node.error("brightness.curve: \(entries[index].key) is not a point of a curve")
    }
  }

  /// `presence: off`, or `{line, chip, active, bias, off-after}`.
  func parsePresence(_ node: ProfileNode) throws(YAMLFileError) -> ClockConfiguration.Presence? {
    if isOff(node) { return nil }
    let fields = try node.fields(allowed: ["line", "chip", "active", "bias", "off-after"])
    var presence = ClockConfiguration.Presence()
    presence.origin = origin(of: node)
    if let line = fields["line"] { presence.line = UInt32(try line.int(in: 0...1023)) }
    if let chip = fields["chip"] { presence.chip = try nonEmpty(chip) }
    if fields["active"] != nil || fields["bias"] != nil {
      let wiring = try PresenceWiring.parsed(
        chip: "", line: 0, active: fields["active"], bias: fields["bias"])
      if fields["active"] != nil { presence.activeHigh = wiring.activeHigh }
      if fields["bias"] != nil { presence.pullUp = wiring.pullUp }
    }
    if let offAfter = fields["off-after"] {
      presence.offAfterSeconds = try duration(offAfter, in: ClockConfiguration.Presence.offAfterRange)
    }
    return presence
  }
}
