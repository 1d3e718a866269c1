/// The room as the clock's state reports it (`state`'s `light` and `presence`): where the
/// brightness comes from and what the light sensor read, and whether anyone is there.
public struct RoomReport: Hashable, Sendable {
  /// Where the brightness comes from now.
  public enum Source: String, Hashable, Sendable {
    /// The light sensor's readings.
    case sensor
    /// The fixed brightness: the sensor cannot be read, reads nonsense, or has not been read yet.
    case fallback
    /// The knob (or the buttons) set it, until the next reload.
    case knob
  }

  /// `brightness: auto`.
  public struct Light: Hashable, Sendable {
    /// The sensor read last (`tsl2563 (iio:device0)`), or the one looked for.
    public var sensor: String?
    /// The last good reading; nil before one and while the sensor fails.
    public var lux: Double?
    /// The brightness chosen, in percent (before the night's dimming and an empty room).
    public var percent: Int
    public var source: Source
    /// Why the sensor is not followed; nil while it is.
    public var fault: String?

    public init(sensor: String?, lux: Double?, percent: Int, source: Source, fault: String? = nil) {
      self.sensor = sensor
      self.lux = lux
      self.percent = percent
      self.source = source
      self.fault = fault
    }
  }

  /// `presence`.
  public struct Presence: Hashable, Sendable {
    public var present: Bool
    /// When someone was last seen (now, while the line is active), Unix nanoseconds.
    public var lastSeen: Int64
    public var offAfterSeconds: Int64

    public init(present: Bool, lastSeen: Int64, offAfterSeconds: Int64) {
      self.present = present
      self.lastSeen = lastSeen
      self.offAfterSeconds = offAfterSeconds
    }
  }

  /// Nil when `brightness: auto` is not set.
  public var light: Light?
  /// Nil when `presence` is not set or its line is not read.
  public var presence: Presence?

  public init() {}
}
