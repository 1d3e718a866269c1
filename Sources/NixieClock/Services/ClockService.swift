/// A part of the running clock with a life of its own — the control socket's claim, the
/// board, the control server, the knob's, the presence line's and the light sensor's threads —
/// started in the order the clock needs them and stopped in the reverse order by one place,
/// `ClockServices` (swift-service-lifecycle's shape, on threads rather than tasks).
protocol ClockService {
  /// What it is, for a failure to start it: `the knob's thread`.
  var name: String { get }
  /// Starts it. A `NixieError` is the clock's to exit with; anything else (a thread the system
  /// cannot make) is an internal error named by `name`.
  func start() throws
  /// Stops it and returns when it has stopped: its thread joined, what it held given back.
  /// Called once, also when `start()` failed.
  func stop()
}
