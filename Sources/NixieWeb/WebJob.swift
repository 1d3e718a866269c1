import NixieControl
import NixieCore
import NixieLogging
import NixieSystem
import NixieYAMLFiles

/// `nixie web`: reads its configuration, refuses to listen beyond this machine without a
/// password, then serves the page until SIGTERM or SIGINT. It needs nothing from the clock to
/// start: the page says when the clock cannot be reached, and the frames follow when it can.
public struct WebJob {
  /// `--config`: the file to read; nil: `/etc/nixie/web.yaml` when it exists.
  public var configurationPath: String?
  /// `--listen`: addresses instead of the file's.
  public var listen: [TCPSocket.Address]
  /// `--socket`: the clock's control socket instead of the file's.
  public var socket: String?
  public var logger: Logger

  public init(configurationPath: String?, listen: [TCPSocket.Address], socket: String?, logger: Logger) {
    self.configurationPath = configurationPath
    self.listen = listen
    self.socket = socket
    self.logger = logger
  }

  /// The file to read, if any.
  var file: String? { SettingsFile(given: configurationPath, defaultPath: WebConfiguration.defaultPath).path }

  /// The configuration: the file's, then the command line's.
  public func configuration() throws(NixieError) -> WebConfiguration {
    var configuration = try SettingsFile(given: configurationPath, defaultPath: WebConfiguration.defaultPath)
      .load(defaults: WebConfiguration()) { path throws(YAMLFileError) in try WebConfiguration.load(path) }
    if !listen.isEmpty { configuration.listen = listen }
    if let socket { configuration.socket = socket }
    return configuration
  }

  public func run() throws(NixieError) {
    let configuration = try configuration()
    if let refusal = configuration.refusal { throw NixieError(.badUsage, refusal) }
    let signals = try SignalDescriptor.blocking([.terminate, .interrupt])
    defer { signals.restoreMask() }
    let path = configuration.socket ?? ControlSocketPath.forSend()
    let relay = FrameRelay(socket: path, logger: logger)
    let random: (Int) -> [UInt8] = { count in (try? Random.bytes(count)) ?? [] }
    guard random(8).count == 8 else { throw NixieError(.internalError, "getrandom(2) gave no random bytes") }
    // The clock is asked on a thread of its own, whose stop ends a wait for a stuck clock.
    let requests = ClockRequests()
    let app = WebApp(
      configuration: configuration, clock: ControlSocketLink(path: path, waiting: requests.wait),
      random: random)
    let monotonic = SystemClock()
    let server: WebServer
    do {
      // A PBKDF2 hash (nixie 0.3.0's) is replaced by a yescrypt one at the first login it lets in.
      let rehash =
        configuration.passwordHash?.isLegacy == true
        ? file.map { PasswordRehash(file: $0, logger: logger) } : nil
      server = try WebServer(
        app: app, relay: relay,
        verifier: rehash.map { PasswordVerifier(check: $0.check) } ?? PasswordVerifier(), requests: requests,
        logger: logger, monotonic: { monotonic.now() })
      try relay.start()
      try server.start()
    } catch {
      relay.stop()
      throw NixieError(.unavailable, "cannot listen: \(error)")
    }
    defer {
      server.stop()
      relay.stop()
    }
    let addresses = server.addresses.map(\.description).joined(separator: ", ")
    logger.notice(
      "serving http://\(addresses)/ for the clock at \(path)\(configuration.passwordHash == nil ? "" : " (password set)")"
    )
    if let notifier = try? SystemdNotifier(environment: Environment.all) {
      try? notifier.notify(["READY=1", "STATUS=serving http://\(addresses)/"])
    }
    try signals.waitForSignal()
    logger.notice("stopping")
  }
}
