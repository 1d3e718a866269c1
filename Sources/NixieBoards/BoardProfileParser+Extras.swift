import NixieBoardModel
import NixieYAMLFiles

/// The parts of a profile beyond the digits: the multiplex scan, buttons, backlight, buzzer and
/// the real-time clock.
extension BoardProfileParser {
  /// One anode group's output, as `multiplex.groups` lists it.
  struct GroupOutput {
    var output: Int
    var activeLow: Bool
  }

  /// `multiplex.groups`: the output that switches each anode group on, in order.
  func parseGroups(_ node: ProfileNode, outputs: OutputResolver) throws(YAMLFileError) -> [GroupOutput] {
    let fields = try node.fields(allowed: ["groups", "scan-hz", "blank-us"], required: ["groups"])
    let items = try fields["groups"]!.sequence()
    guard items.count >= 2 else {
      throw fields["groups"]!.error("multiplex.groups lists the anode groups; a scan needs at least two")
    }
    var groups: [GroupOutput] = []
    for item in items {
      let group = try item.fields(allowed: ["output", "active"], required: ["output"])
      let output = try outputs.resolve(group["output"]!)
      if groups.contains(where: { $0.output == output }) {
        throw group["output"]!.error("output \(output) switches two anode groups")
      }
      var activeLow = false
      if let active = group["active"] { activeLow = try !active.isHigh() }
      groups.append(GroupOutput(output: output, activeLow: activeLow))
    }
    return groups
  }

  /// The scan's rate and dark gap.
  func parseMultiplex(_ node: ProfileNode, groupCount: Int) throws(YAMLFileError) -> MultiplexWiring {
    let fields = try node.fields(allowed: ["groups", "scan-hz", "blank-us"], required: ["groups"])
    let scanHz = try fields["scan-hz"]?.int(in: 100...1_000) ?? 150
    let slot = 1_000_000_000 / UInt64(scanHz) / UInt64(max(1, groupCount))
    let blank = UInt64(try fields["blank-us"]?.int(in: 0...1_000) ?? 40) * 1_000
    guard blank * 4 <= slot else {
      throw (fields["blank-us"] ?? node).error(
        "multiplex.blank-us \(blank / 1_000) leaves too little of each group's \(slot / 1_000) µs visit lit (at most a quarter)"
      )
    }
    return MultiplexWiring(scanHz: scanHz, blankNanoseconds: blank, groupCount: groupCount)
  }

  func parseButtons(_ node: ProfileNode, gpioChip: String, lines: inout LineUse) throws(YAMLFileError)
    -> [ButtonWiring]
  {
    var buttons: [ButtonWiring] = []
    for item in try node.sequence() {
      let fields = try item.fields(allowed: ["name", "line", "active", "bias"], required: ["name", "line"])
      let name = try fields["name"]!.string()
      guard let role = LineRole(name: name), ButtonWiring.roles.contains(role) else {
        throw fields["name"]!.error(
          "a button is named " + ButtonWiring.roles.map(\.name).joined(separator: ", ") + ", not '\(name)'")
      }
      guard !buttons.contains(where: { $0.role == role }) else {
        throw fields["name"]!.error("there are two '\(name)' buttons")
      }
      let offset = try fields["line"]!.int(in: 0...1023)
      try lines.claim(chip: gpioChip, offset: offset, role: "button \(name)", at: fields["line"]!)
      var activeLow = true
      if let active = fields["active"] { activeLow = try !active.isHigh() }
      let pullUp = try fields["bias"]?.isPullUp() ?? activeLow
      buttons.append(
        ButtonWiring(role: role, chip: gpioChip, line: UInt32(offset), activeLow: activeLow, pullUp: pullUp))
    }
    return buttons
  }

  /// `backlight`: `kind: pwm-rgb` (three lines), `module` (the modules' own LEDs) or
  /// `addressable` (described, not driven).
  func parseBacklight(_ node: ProfileNode, chip: ChipModel, gpioChip: String, lines: inout LineUse)
    throws(YAMLFileError) -> BacklightWiring
  {
    let kindFields = try node.fields(
      allowed: ["kind", "red", "green", "blue", "active", "frequency-hz", "part", "line", "count", "order"],
      required: ["kind"])
    switch try kindFields["kind"]!.string() {
    case "pwm-rgb":
      let fields = try node.fields(
        allowed: ["kind", "red", "green", "blue", "active", "frequency-hz"],
        required: ["red", "green", "blue"])
      func line(_ key: String) throws(YAMLFileError) -> UInt32 {
        let offset = try fields[key]!.int(in: 0...1023)
        try lines.claim(chip: gpioChip, offset: offset, role: "backlight \(key)", at: fields[key]!)
        return UInt32(offset)
      }
      var activeHigh = true
      if let active = fields["active"] { activeHigh = try active.isHigh() }
      return .pwmRGB(
        PWMRGBWiring(
          chip: gpioChip, red: try line("red"), green: try line("green"), blue: try line("blue"),
          activeHigh: activeHigh, frequencyHz: try fields["frequency-hz"]?.int(in: 50...1_000) ?? 100))
    case "module":
      _ = try node.fields(allowed: ["kind"])
      guard let module = chip.module, !module.ledBytes.isEmpty else {
        throw kindFields["kind"]!.error(
          "backlight kind 'module' is for modules with LEDs (exixe-14), not \(chip.name)")
      }
      return .module
    case "addressable":
      let fields = try node.fields(
        allowed: ["kind", "part", "line", "count", "order"], required: ["part", "count"])
      var line: UInt32?
      if let lineNode = fields["line"] {
        let offset = try lineNode.int(in: 0...1023)
        try lines.claim(chip: gpioChip, offset: offset, role: "backlight", at: lineNode)
        line = UInt32(offset)
      }
      return .addressable(
        AddressableWiring(
          part: try fields["part"]!.string(), line: line, count: try fields["count"]!.int(in: 1...1_024),
          order: try fields["order"]?.string() ?? "grb"))
    case let other:
      throw kindFields["kind"]!.error("backlight.kind must be pwm-rgb, module or addressable, not '\(other)'")
    }
  }

  /// `buzzer`: `{line: N, active: high|low, kind: passive|active, pwm: {chip: N, channel: M}}`
  /// (default active high, passive: a square wave at the pitch, which sounds either kind of
  /// buzzer; no PWM: the line toggled from a thread).
  func parseBuzzer(_ node: ProfileNode, gpioChip: String, lines: inout LineUse) throws(YAMLFileError)
    -> BuzzerWiring
  {
    let fields = try node.fields(allowed: ["line", "active", "kind", "pwm"], required: ["line"])
    let offset = try fields["line"]!.int(in: 0...1023)
    try lines.claim(chip: gpioChip, offset: offset, role: "buzzer", at: fields["line"]!)
    var activeHigh = true
    if let active = fields["active"] { activeHigh = try active.isHigh() }
    var kind = BuzzerKind.passive
    if let kindNode = fields["kind"] {
      kind = try kindNode.either(("passive", .passive), or: ("active", .active))
    }
    var pwm: BuzzerPWM?
    if let pwmNode = fields["pwm"] {
      guard kind == .passive else { throw pwmNode.error("buzzer.pwm is for a passive buzzer") }
      let channel = try pwmNode.fields(allowed: ["chip", "channel"], required: ["chip", "channel"])
      pwm = BuzzerPWM(
        chip: try channel["chip"]!.int(in: 0...1023), channel: try channel["channel"]!.int(in: 0...1023))
    }
    return BuzzerWiring(chip: gpioChip, line: UInt32(offset), activeHigh: activeHigh, kind: kind, pwm: pwm)
  }

  /// `presence`: a PIR module's output or a button, `{line: N, active: high|low, bias: pull-up|none}`
  /// (default active high without a pull, as a PIR module drives its line).
  func parsePresence(_ node: ProfileNode, gpioChip: String, lines: inout LineUse) throws(YAMLFileError)
    -> PresenceWiring
  {
    let fields = try node.fields(allowed: ["line", "active", "bias"], required: ["line"])
    let offset = try fields["line"]!.int(in: 0...1023)
    try lines.claim(chip: gpioChip, offset: offset, role: "presence", at: fields["line"]!)
    return try PresenceWiring.parsed(
      chip: gpioChip, line: UInt32(offset), active: fields["active"], bias: fields["bias"])
  }

  func parseRTC(_ node: ProfileNode) throws(YAMLFileError) -> [RTCChip] {
    var chips: [RTCChip] = []
    for item in try node.sequence() {
      let name = try item.string()
      guard let chip = RTCChip(rawValue: name.lowercased()) else {
        throw item.error(
          "rtc lists " + RTCChip.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(name)'")
      }
      if !chips.contains(chip) { chips.append(chip) }
    }
    return chips
  }
}
