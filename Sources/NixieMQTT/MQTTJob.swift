import NixieControl
import NixieCore
import NixieLogging
import NixieSystem
import NixieText
import NixieYAMLFiles

/// `nixie mqtt`: the clock in Home Assistant over MQTT, a separate process like `nixie web`. It
/// reads its settings, loads libmosquitto, and bridges the clock's control socket and the broker
/// (`MQTTBridge`) until SIGTERM or SIGINT. Neither the broker nor the clock needs to be there
/// when it starts: it waits for both.
public struct MQTTJob {
  /// `--config`: the file to read; nil: `/etc/nixie/mqtt.yaml` when it exists.
  public var configurationPath: String?
  /// `--broker HOST[:PORT]`, instead of the file's (nil: the file's).
  public var broker: String?
  /// `--socket`, `--prefix`, `--node-id`: instead of the file's (nil: the file's).
  public var socket: String?
  public var prefix: String?
  public var nodeID: String?
  /// nixie's version, the device's `sw_version`.
  public var version: String
  public var logger: Logger

  /// The job for the file at `configurationPath`, with nothing of it overridden: the command
  /// line sets `broker`, `socket`, `prefix` and `nodeID` where it gives them.
  public init(configurationPath: String?, version: String, logger: Logger) {
    self.configurationPath = configurationPath
    self.version = version
    self.logger = logger
  }

  /// The configuration: the file's, then the command line's (checked by the command line).
  public func configuration() throws(NixieError) -> MQTTConfiguration {
    var configuration = try SettingsFile(given: configurationPath, defaultPath: MQTTConfiguration.defaultPath)
      .load(defaults: MQTTConfiguration()) { path throws(YAMLFileError) in try MQTTConfiguration.load(path) }
    if let broker {
      guard let parsed = MQTTConfiguration.broker(broker) else {
        throw NixieError(.badUsage, "--broker: expected HOST or HOST:PORT (port 1 to 65535), not '\(broker)'")
      }
      configuration.broker = parsed.host
      if let port = parsed.port { configuration.port = port }
    }
    if let socket { configuration.socket = socket }
    if let prefix { configuration.prefix = prefix }
    if let nodeID { configuration.nodeID = nodeID }
    return configuration
  }

  /// The message of a configuration that names no broker.
  public static let noBrokerNamed =
    "no MQTT broker named: set 'broker:' in \(MQTTConfiguration.defaultPath), then"
    + " 'sudo systemctl restart nixie-mqtt'"

  /// Returns when `--broker` or the file names a broker; otherwise throws `noBrokerNamed` as
  /// cancelled (exit 1): the unit's `ExecCondition=` then leaves the service inactive. A file
  /// with a mistake is bad configuration (exit 65).
  public func checkBroker() throws(NixieError) {
    guard try configuration().broker != nil else { throw NixieError(.cancelled, Self.noBrokerNamed) }
  }

  /// The password: `password-file`'s first line, else the unit's credential when there is one
  /// (`$CREDENTIALS_DIRECTORY/nixie-mqtt-password`); nil without a user name or a file. Never
  /// logged. A file anyone may read is taken, with a warning (as ssh gives for a key).
  func password(
    _ configuration: MQTTConfiguration, environment: (String) -> String? = Environment.value
  ) throws(NixieError) -> String? {
    guard configuration.username != nil else { return nil }
    let credential = environment("CREDENTIALS_DIRECTORY").map { $0 + "/" + MQTTConfiguration.credentialName }
    guard let path = configuration.passwordFile ?? credential.flatMap({ FileSystem.exists($0) ? $0 : nil })
    else {
      return nil
    }
    let text: String
    do {
      text = try TextFile.read(path, limit: 4096)
    } catch {
      throw configuration.mistake("password-file", "the MQTT password: \(error)")
    }
    let password = String(text.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
    guard !password.isEmpty else {
      throw configuration.mistake("password-file", "the MQTT password: \(Printable.escaped(path)) is empty")
    }
    if let mode = FileSystem.permissions(path), mode & 0o004 != 0 {
      let shown = Printable.escaped(path)
      let message =
        "the MQTT password file \(shown) may be read by anyone (mode 0\(String(mode & 0o777, radix: 8))):"
        + " 'sudo chmod 600 \(shown)' (or 640, its group the service's)"
      logger.warning("\(message)")
    }
    return password
  }

  /// The most a `ca-file` may hold: a bundle of every certificate authority is about 200 KiB.
  static let caFileLimit = 4 << 20

  /// Checks that `ca-file` names a file of PEM certificates this process can read, before
  /// libmosquitto is handed it (which says only `Invalid function arguments provided.` for a
  /// file that is not there, and a TLS error at every try for one that is not a certificate):
  /// a mistake in mqtt.yaml, at its place.
  func checkCAFile(_ configuration: MQTTConfiguration) throws(NixieError) {
    guard configuration.tls, let path = configuration.caFile else { return }
    let shown = Printable.escaped(path)
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path, limit: Self.caFileLimit)
    } catch {
      throw configuration.mistake(
        "ca-file",
        "ca-file \(shown) cannot be read: \(error.reason) (give the certificate of the authority that signed the"
          + " broker's, in PEM form, or leave ca-file out to use the system's in"
          + " \(MQTTConfiguration.systemCertificates))"
      )
    }
    guard bytes.firstRange(of: Array("-----BEGIN CERTIFICATE-----".utf8)) != nil else {
      throw configuration.mistake(
        "ca-file",
        "ca-file \(shown) is not a PEM certificate (no line '-----BEGIN CERTIFICATE-----'): give the certificate"
          + " of the authority that signed the broker's, in PEM form ('openssl x509 -inform der -in FILE"
          + " -out ca.pem' converts a DER one)"
      )
    }
  }

  /// What the bridge is told, from `configuration`.
  func settings(_ configuration: MQTTConfiguration) throws(NixieError) -> MQTTBridge.Settings {
    try checkCAFile(configuration)
    let node = configuration.resolvedNodeID()
    if let problem = MQTTConfiguration.nodeIDProblem(node) {
      throw NixieError(.badUsage, "--node-id: \(problem)")
    }
    if let problem = MQTTConfiguration.prefixProblem(configuration.prefix) {
      throw NixieError(.badUsage, "--prefix: \(problem)")
    }
    let topics = BridgeTopics(prefix: configuration.prefix, node: node)
    return MQTTBridge.Settings(
      host: configuration.host, port: configuration.resolvedPort,
      keepAliveSeconds: configuration.keepAliveSeconds,
      username: configuration.username, password: try password(configuration), tls: configuration.tls,
      caFile: configuration.caFile, socket: configuration.socket ?? ControlSocketPath.forSend(),
      groupDigits: configuration.groupDigits,
      device: HomeAssistantDevice(
        topics: topics, name: configuration.resolvedName(nodeID: node), version: version))
  }

  /// libmosquitto, or why not (exit 69).
  static func library() throws(NixieError) -> MosquittoLibrary {
    switch MosquittoLibrary.shared {
    case .success(let library): return library
    case .failure(let error): throw NixieError(.unavailable, error.message)
    }
  }

  public func run() throws(NixieError) {
    let settings = try settings(try configuration())
    let library = try Self.library()
    let signals = try SignalDescriptor.blocking([.terminate, .interrupt])
    defer { signals.restoreMask() }
    let bridge: MQTTBridge
    do {
      bridge = try MQTTBridge(settings: settings, library: library, logger: logger)
      try bridge.start()
    } catch let error as MQTTError {
      throw NixieError(.unavailable, error.message)
    } catch {
      throw NixieError(.internalError, "\(error)")
    }
    defer { bridge.stop() }
    let broker = "\(settings.host):\(settings.port)"
    let topics = "\(settings.topics.base), discovery under \(settings.topics.prefix)"
    logger.notice(
      "bridging the clock at \(settings.socket) and the MQTT broker \(broker) (libmosquitto \(library.version); \(topics))"
    )
    if let notifier = try? SystemdNotifier(environment: Environment.all) {
      try? notifier.notify([
        "READY=1", "STATUS=bridging \(settings.topics.base) on \(settings.host):\(settings.port)",
      ])
    }
    try signals.waitForSignal()
    logger.notice("stopping")
  }
}
