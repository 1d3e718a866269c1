import NixieControl
import NixieLogging
import NixieSystem

/// The control socket's server on the claimed socket, as a service: started, it serves
/// `nixie send`, `nixie web` and `nixie mqtt` on a thread of its own; one that cannot start is
/// a warning, and the socket is given up (the clock runs without it). Stopped, it closes every
/// client and removes the socket.
final class ClockControl: ClockService {
  private let socket: ListeningSocketFile
  private let limits: ControlLimits
  private let handler: ControlRequestHandler
  private let frames: FramePublisher
  private let states: ClockStateReport
  private let logger: Logger
  /// The server, once it runs.
  private var server: ControlServer?

  init(
    socket: ListeningSocketFile, limits: ControlLimits, handler: ControlRequestHandler,
    frames: FramePublisher,
    states: ClockStateReport, logger: Logger
  ) {
    self.socket = socket
    self.limits = limits
    self.handler = handler
    self.frames = frames
    self.states = states
    self.logger = logger
  }

  var name: String { "the control socket's thread" }

  func start() {
    let monotonic = SystemClock()
    let handler = handler
    do {
      let server = try ControlServer(
        socket: socket, limits: limits, logger: logger, monotonic: { monotonic.now() }, frames: frames,
        states: states, handle: { handler.handle($0) })
      try server.start()
      self.server = server
    } catch {
      logger.warning("no control socket (nixie send will not reach this clock): \(error)")
      socket.remove()
    }
  }

  func stop() { server?.stop() }

  /// A reload's limits, in force for the next request.
  func update(limits: ControlLimits) { server?.update(limits: limits) }
}
