import NixieRuntime
import NixieTransitions

/// What the command line tells `nixie clock`. Each is nil (or empty) when not given; what is
/// given wins over the configuration file.
public struct ClockOptions: Sendable {
  /// A face from the command line: a pattern, and its seconds when `@SECONDS` was given.
  public struct Face: Hashable, Sendable {
    public var pattern: String
    public var seconds: Int?

    public init(pattern: String, seconds: Int? = nil) {
      self.pattern = pattern
      self.seconds = seconds
    }
  }

  public var board: String?
  public var backend: Backend?
  public var recording = SessionRecording()
  /// The configuration file (default: /etc/nixie/nixie.yaml when it exists).
  public var config: String?
  public var timeZone: String?
  public var faces: [Face] = []
  /// `--at`: start the displayed clock at this ISO 8601 instant.
  public var at: String?
  /// `--speed`: the displayed clock runs this many times as fast (the simulator only).
  public var speed: Int?
  /// Exit cleanly after this long (nanoseconds).
  public var duration: UInt64?
  public var transition: TransitionSpec.Kind?
  public var fadeMilliseconds: Int?
  public var curve: FadeCurve?
  /// The day's brightness, 0…1.
  public var brightness: Double?
  /// A knob script for the simulator.
  public var input: String?
  /// `--sim-write-time`: how long the simulator takes to write a frame (nanoseconds).
  public var simWriteTime: UInt64?
  public var socket: String?
  /// `--overrides`: the file settings changed over the control socket are saved to.
  public var overrides: String?
  /// `--wear`: tube care's count of each cathode's glow (`wear.json`).
  public var wear: String?
  /// `--realtime`: the frame thread at real-time priority (nil: as the configuration says).
  public var realtime: Bool?

  public init() {}
}
