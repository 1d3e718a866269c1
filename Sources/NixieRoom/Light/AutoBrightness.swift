/// `brightness: auto`: light-sensor readings in, the tubes' brightness out.
///
/// A reading that makes sense (`LightReadingCheck`) sets the target, the curve's percent at
/// its lux; the brightness follows it through a `LightSmoother`, so it never flickers. A
/// reading that does not — or a sensor that cannot be read — sets the target to the fixed
/// `fallbackPercent` until a good reading comes again, and the brightness goes there the same
/// smooth way. `take` says when the sensor is lost and when it is back, once each, for the
/// log. The very first good reading sets the brightness at once: at start there is nothing to
/// smooth.
///
/// Pure: times are given (nanoseconds, one monotonic timeline).
public struct AutoBrightness: Hashable, Sendable {
  /// What `brightness: auto` is configured with.
  public struct Settings: Hashable, Sendable {
    public var curve: LightCurve
    /// The brightness while the sensor cannot be read or reads nonsense, in percent.
    public var fallbackPercent: Int

    public init(curve: LightCurve = .standard, fallbackPercent: Int = 100) {
      self.curve = curve
      self.fallbackPercent = min(max(fallbackPercent, 1), 100)
    }
  }

  /// One sample of the sensor.
  public enum Reading: Hashable, Sendable {
    /// It read this many lux.
    case lux(Double)
    /// It could not be read (gone, unbound, an I/O error), and why.
    case failed(String)
  }

  /// A change worth one line in the log.
  public enum Change: Hashable, Sendable {
    /// The sensor cannot be used from now on, and why: the brightness goes to the fallback.
    case lost(String)
    /// Good readings again (this one): the brightness follows the light again.
    case recovered(lux: Double)
  }

  public var settings: Settings
  /// The last good reading, while the sensor works; nil before the first and while it fails.
  public private(set) var lux: Double?
  /// Why the fallback is in force; nil while the sensor works or before it was first read.
  public private(set) var fault: String?
  private var check = LightReadingCheck()
  private var smoother: LightSmoother
  /// A reading has come (the first good one sets the brightness at once).
  private var started = false

  public init(settings: Settings) {
    self.settings = settings
    smoother = LightSmoother(level: settings.fallbackPercent)
  }

  /// The brightness the room asks for now, in percent: the curve's at the last good reading,
  /// else the fallback.
  public var target: Double {
    guard let lux else { return Double(settings.fallbackPercent) }
    return settings.curve.percent(atLux: lux)
  }

  /// The brightness now, in percent (as the last `level(at:)` left it).
  public var level: Int { smoother.level }

  /// Takes one sample, read at `time`; returns a change to log, if this is one.
  public mutating func take(_ reading: Reading, at time: Int64) -> Change? {
    let first = !started
    started = true
    switch reading {
    case .failed(let reason):
      check.reset()
      return lose(reason)
    case .lux(let value):
      if let problem = check.check(value, at: time) { return lose(problem.description) }
      lux = value
      if first { smoother.jump(to: target) }
      guard fault != nil else { return nil }
      fault = nil
      return .recovered(lux: value)
    }
  }

  private mutating func lose(_ reason: String) -> Change? {
    lux = nil
    defer { fault = reason }
    return fault == nil ? .lost(reason) : nil
  }

  /// The brightness at `time`, in percent: a step towards the target when one is due.
  public mutating func level(at time: Int64) -> Int { smoother.advance(toward: target, at: time) }

  /// When the brightness takes its next step, while it is moving.
  public var nextStep: Int64? { smoother.nextStep }
}
