import NixieCore

/// The phase-1 `ClockDisplay`: every picture goes straight to the driver, without fades.
/// Brightness is all or nothing here (0 blanks the tubes, anything else is full): dimming
/// needs the PWM of the transition engine.
public final class DirectClockDisplay: ClockDisplay {
  private let driver: DisplayDriver
  private let shown: () -> Void

  /// Writes to `driver`; `shown` runs after each write (the terminal view redraws).
  public init(driver: DisplayDriver, shown: @escaping () -> Void = {}) {
    self.driver = driver
    self.shown = shown
  }

  public func show(_ state: DisplayState, brightness: Double, change: DisplayChange) throws {
    if brightness <= 0 {
      try driver.blank()
    } else {
      try driver.write(state)
    }
    shown()
  }

  public func blank() throws {
    try driver.blank()
    shown()
  }
}
