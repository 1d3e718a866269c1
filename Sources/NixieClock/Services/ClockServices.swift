import NixieCore

/// The clock's services, in one place: each started in turn as `ClockJob` builds them, and all
/// of them stopped in the reverse order when the daemon's loop ends or a later one cannot
/// start — the light sensor's thread first, the board (blanked) and the control socket last.
final class ClockServices {
  /// The services handed over so far, in the order they were started.
  private var services: [any ClockService] = []

  /// Starts `service` after those before it and returns it, for the wiring that follows. It is
  /// stopped with the others even when its start fails.
  @discardableResult
  func start<Service: ClockService>(_ service: Service) throws(NixieError) -> Service {
    services.append(service)
    do {
      try service.start()
    } catch let error as NixieError {
      throw error
    } catch {
      throw NixieError(.internalError, "\(service.name): \(error)")
    }
    return service
  }

  /// `start(_:)` for a part the clock may run without: nil is passed through.
  @discardableResult
  func start<Service: ClockService>(_ service: Service?) throws(NixieError) -> Service? {
    guard let service else { return nil }
    return try start(service) as Service
  }

  /// Stops every service, the last started first.
  func stopAll() {
    while let service = services.popLast() { service.stop() }
  }
}
