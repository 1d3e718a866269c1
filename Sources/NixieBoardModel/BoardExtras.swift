/// The buzzer line of a board: where it is, which level sounds it, and how it must be driven
/// (`BuzzerPlayer` sounds it; `nixie doctor` describes it).
public struct BuzzerWiring: Hashable, Sendable {
  public var chip: String
  public var line: UInt32
  public var activeHigh: Bool
  /// How the buzzer makes its sound: a square wave at the pitch, or just on and off.
  public var kind: BuzzerKind
  /// The kernel PWM channel that drives the line instead of nixie's thread (a passive buzzer
  /// only): nil to toggle the line from a thread.
  public var pwm: BuzzerPWM?

  public init(
    chip: String, line: UInt32, activeHigh: Bool, kind: BuzzerKind = .passive, pwm: BuzzerPWM? = nil
  ) {
    self.chip = chip
    self.line = line
    self.activeHigh = activeHigh
    self.kind = kind
    self.pwm = pwm
  }
}

/// A channel of a kernel PWM controller, `/sys/class/pwm/pwmchipN/pwmM`, wired to the buzzer's
/// line (the Pi's PWM overlays, or `pwm-gpio` on any line): the kernel makes the square wave,
/// nixie writes a period once a note.
public struct BuzzerPWM: Hashable, Sendable {
  /// N in `pwmchipN`.
  public var chip: Int
  /// M in `pwmM`.
  public var channel: Int

  public init(chip: Int, channel: Int) {
    self.chip = chip
    self.channel = channel
  }
}

/// How a buzzer is driven, as a profile's `buzzer.kind` says.
public enum BuzzerKind: String, Hashable, Sendable, CaseIterable {
  /// A bare piezo (or magnetic transducer): it sounds only while the line toggles, at the
  /// rate it toggles, so a note is a square wave at its pitch (Arduino's `tone()`). The
  /// default: a square wave also sounds an active buzzer, while on/off only clicks a passive one.
  case passive
  /// A buzzer with its own oscillator: the line on sounds its one pitch, off silences it.
  case active
}

/// A real-time clock a board carries, for `nixie doctor`: its I2C address and the kernel
/// overlay that drives it on a Raspberry Pi.
public enum RTCChip: String, Hashable, Sendable, CaseIterable {
  case ds3231
  case rv3028

  /// The 7-bit address on I2C bus 1.
  public var address: UInt8 {
    switch self {
    case .ds3231: 0x68
    case .rv3028: 0x52
    }
  }

  /// The `config.txt` line that loads the kernel driver.
  public var overlay: String { "dtoverlay=i2c-rtc,\(rawValue)" }
}

/// A line that switches the tubes on (`hven`): driven on while the display runs, off when it
/// is blanked for good.
public struct EnableWiring: Hashable, Sendable {
  /// The line blanks the outputs (HV57708 `/BL`), so the engine may also lower it to dim.
  /// Otherwise it powers the tubes (a high-voltage supply) and only goes off at the end.
  public var dims: Bool

  public init(dims: Bool) { self.dims = dims }
}
