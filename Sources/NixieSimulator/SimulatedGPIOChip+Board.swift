import NixieBoardModel
import NixieCore

extension SimulatedGPIOChip {
  /// The host's GPIO chip as `profile` wires it, every line at rest: the display's lines, the
  /// SPI controller's pins, the encoder's, the buttons', the detect line, the backlight's and
  /// the buzzer's (those on the display's chip). `carriesVariant`: the board carries the variant's chips, so
  /// its detect line reads low.
  ///
  /// Lines behind inverting level shifters start low, as a gpiochip's do before they are
  /// requested, so the driver's `start()` is seen moving them.
  public convenience init(wiredFor profile: BoardProfile, carriesVariant: Bool, clock: MonotonicClock) {
    let name = profile.gpio?.chip ?? profile.encoder?.chip ?? GPIOWiring.raspberryPiHeader
    var lines = Lines(
      offsets: profile.gpio?.lines ?? [:],
      idle: profile.resolved(detectLow: carriesVariant).outputIdleLevels)
    lines.addSPIController(profile.spi)
    lines.addEncoder(profile.encoder, on: name)
    lines.addButtons(profile.buttons, on: name)
    lines.addPresence(profile.presence, on: name)
    lines.addDetect(profile.variant, on: name, low: carriesVariant)
    lines.addBacklight(profile.backlight, on: name)
    lines.addBuzzer(profile.buzzer, on: name)
    self.init(name: name, offsets: lines.offsets, clock: clock, initialLevels: lines.idle)
  }

  /// The lines of a chip being wired: each role's offset and the levels they rest at.
  struct Lines {
    var offsets: [LineRole: UInt32]
    var idle: LineSet

    /// The encoder's lines rest high when it is active low (its pull-ups).
    mutating func addEncoder(_ encoder: EncoderWiring?, on chip: String) {
      guard let encoder else { return }
      if encoder.activeLow { idle.formUnion([.a, .b, .sw]) }
      guard encoder.chip == chip else { return }
      offsets[.a] = encoder.a
      offsets[.b] = encoder.b
      if let pushSwitch = encoder.pushSwitch { offsets[.sw] = pushSwitch }
    }

    /// The SPI controller's pins, named by what they drive; their offsets are the
    /// controller's business (the trace comment names the spidev device instead).
    mutating func addSPIController(_ spi: SPIWiring?) {
      guard let spi else { return }
      let roles = SimulatedSPIDevice.Roles(wiring: spi)
      offsets[roles.data] = 0
      offsets[roles.clock] = 1
      if let select = roles.select { offsets[select] = 2 }
      idle.formUnion(SimulatedSPIDevice.idleLevels(wiring: spi))
    }

    /// Buttons rest high when they are active low.
    mutating func addButtons(_ buttons: [ButtonWiring], on chip: String) {
      for button in buttons where button.chip == chip {
        offsets[button.role] = button.line
        if button.activeLow { idle.insert(.role(button.role)) }
      }
    }

    /// The presence line rests inactive (nobody there): low on an active-high PIR.
    mutating func addPresence(_ presence: PresenceWiring?, on chip: String) {
      guard let presence, presence.chip == chip else { return }
      offsets[.presence] = presence.line
      if !presence.activeHigh { idle.insert(.role(.presence)) }
    }

    /// The detect line reads low when the board carries the variant's chips, else high.
    mutating func addDetect(_ variant: ChipVariant?, on chip: String, low: Bool) {
      guard let variant, variant.chip == chip else { return }
      offsets[.detect] = variant.line
      if !low { idle.insert(.role(.detect)) }
    }

    /// The buzzer's line rests silent: low when it is active high.
    mutating func addBuzzer(_ buzzer: BuzzerWiring?, on chip: String) {
      guard let buzzer, buzzer.chip == chip else { return }
      offsets[.buzzer] = buzzer.line
      if !buzzer.activeHigh { idle.insert(.role(.buzzer)) }
    }

    /// The backlight's PWM lines rest dark.
    mutating func addBacklight(_ backlight: BacklightWiring?, on chip: String) {
      guard case .pwmRGB(let rgb) = backlight, rgb.chip == chip else { return }
      for (role, line) in rgb.lines { offsets[role] = line }
      if !rgb.activeHigh { idle.formUnion(LineSet([.red, .green, .blue])) }
    }
  }
}
