import ArgumentParser
import NixieLogging
import NixieMQTT

/// `nixie mqtt`: the clock in Home Assistant over MQTT, a separate process that talks to the
/// clock through its control socket.
struct MQTT: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mqtt",
    abstract: "Bridge the clock and an MQTT broker: the clock appears in Home Assistant by itself.",
    discussion: """
      A separate process from the clock (libmosquitto is loaded here, never in the clock): it \
      follows the clock's state over the control socket and publishes it, with Home Assistant's \
      discovery configs, on the broker; commands from the broker go to the clock. It waits for \
      the broker and the clock, and tries again when either goes away.
      Settings in /etc/nixie/mqtt.yaml: broker, port, tls, ca-file, username, password-file, \
      prefix, node-id, name, socket, keepalive-seconds, group-digits.

      EXAMPLES:
        # the broker on this machine, the clock of the service
        nixie mqtt --broker 127.0.0.1
        # a clock started with nixie clock --socket /tmp/clock.sock, another node id
        nixie mqtt --broker 192.168.1.5:1883 --socket /tmp/clock.sock --node-id kitchen
        # take the clock out of Home Assistant (stop the service first)
        nixie mqtt --remove
      """)

  @Option(
    help: ArgumentHelp(
      "nixie mqtt's settings (default: /etc/nixie/mqtt.yaml when it exists).", valueName: "file"))
  var config: String?

  @Option(
    help: ArgumentHelp(
      "The broker, HOST or HOST:PORT (default: the file's, else 127.0.0.1:1883).", valueName: "host:port"))
  var broker: String?

  @Option(
    help: ArgumentHelp(
      "The clock's control socket (default: the file's, else the service's, else your own clock's).",
      valueName: "path"))
  var socket: String?

  @Option(
    help: ArgumentHelp("Home Assistant's discovery prefix (default: homeassistant).", valueName: "prefix"))
  var prefix: String?

  @Option(
    name: .customLong("node-id"),
    help: ArgumentHelp(
      "This clock's id in topics and Home Assistant (default: the host name).", valueName: "name"))
  var nodeID: String?

  @Flag(
    help: "Publish empty retained discovery configs and states (the clock leaves Home Assistant), and exit.")
  var remove = false

  @Flag(
    name: .customLong("check-broker"),
    help:
      "Only check that the settings name a broker: exit 0 if they do, 1 if not (the unit's ExecCondition=).")
  var checkBroker = false

  func validate() throws {
    if remove && checkBroker { throw ValidationError("--remove and --check-broker do not go together") }
  }

  func run() throws {
    var job = MQTTJob(
      configurationPath: config, version: NixieVersion.current, logger: Logger(label: "nixie mqtt"))
    (job.broker, job.socket, job.prefix, job.nodeID) = (broker, socket, prefix, nodeID)
    if checkBroker {
      try job.checkBroker()
    } else if remove {
      try job.remove()
    } else {
      try job.run()
    }
  }
}
