import NixieClockSettings
import NixieCore
import NixieRoom
import NixieSystem

/// The light sensor's own thread (`brightness: auto`): every `sample-seconds` it finds the
/// sensor (again, after one was lost: a re-bound device may have a new number), reads it and
/// posts the reading to the daemon's inbox. Reading an I2C sensor can take a conversion's
/// time (the tsl2563 up to 400 ms), so it never happens on the daemon loop or the frame
/// thread.
public final class LightSampler: @unchecked Sendable {
  /// Which sensor, how often.
  public struct Settings: Hashable, Sendable {
    public var sensor: LightSensorChoice
    /// Nanoseconds between samples.
    public var period: UInt64

    public init(sensor: LightSensorChoice, period: UInt64) {
      self.sensor = sensor
      self.period = max(period, 1_000_000)
    }

    public init(_ light: ClockConfiguration.Light) {
      self.init(sensor: light.sensor, period: UInt64(light.sampleSeconds) * 1_000_000_000)
    }
  }

  private let files: SensorFiles
  private let clock: MonotonicClock
  private let post: @Sendable (ClockCommand) -> Void
  private let settings: Locked<Settings?>
  private let worker = WorkerThread()
  /// The thread's parker, once it runs (set and read on the owner's thread).
  private var parker: ThreadParker?

  /// A sampler posting each reading; it samples once it is told what to `follow`.
  public init(
    files: SensorFiles = SystemSensorFiles(), clock: MonotonicClock,
    post: @escaping @Sendable (ClockCommand) -> Void
  ) {
    self.settings = Locked(nil)
    self.files = files
    self.clock = clock
    self.post = post
  }

  /// Samples as `settings` say from now on (nil: not at all), starting the thread the first
  /// time there is something to sample; throws when the system cannot make it. Called from
  /// the owner's thread (start-up, reloads).
  public func follow(_ settings: Settings?) throws(SystemCallError) {
    let changed = self.settings.withLock { current in
      defer { current = settings }
      return current != settings
    }
    if settings != nil && !worker.hasStarted {
      parker = try worker.start(name: "nixie-light", parkingOn: clock) { [self] parker in run(parker) }
    } else if changed {
      parker?.unpark()
    }
  }

  /// Ends the thread and waits for it.
  public func stop() { worker.stop() }

  private func run(_ parker: ThreadParker) {
    var sensor: IIOLightSensor?
    var sought: LightSensorChoice?
    while !worker.isStopping {
      guard let settings = settings.withLock({ $0 }) else {
        parker.park(until: nil)
        continue
      }
      if sought != settings.sensor { sensor = nil }
      sought = settings.sensor
      var missing = ""
      if sensor == nil {
        switch IIOLightSensor.find(settings.sensor, files: files) {
        case .success(let found): sensor = found
        case .failure(let error): missing = error.description
        }
      }
      let reading: AutoBrightness.Reading
      let name: String
      if let found = sensor {
        reading = found.read(files: files)
        name = found.description
        // A sensor that cannot be read may have gone and come back under another number.
        if case .failed = reading { sensor = nil }
      } else {
        reading = .failed(missing)
        name = settings.sensor.description
      }
      if !worker.isStopping { post(.light(reading, sensor: name)) }
      parker.park(until: clock.now() + settings.period)
    }
  }
}
