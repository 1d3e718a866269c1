import NixieCore
import NixieSystem
import NixieText
import NixieYAMLFiles

/// `nixie mqtt`'s settings, from `/etc/nixie/mqtt.yaml` and the command line (which wins): the
/// broker and how to log in to it, where Home Assistant looks for devices, this clock's name
/// there, and the clock's control socket. The password is read from a file (under systemd a
/// credential, `LoadCredential=`), never from this file and never logged.
public struct MQTTConfiguration: Hashable, Sendable {
  /// The default file.
  public static let defaultPath = "/etc/nixie/mqtt.yaml"
  /// The broker when nothing names one: this machine's.
  public static let defaultBroker = "127.0.0.1"
  /// MQTT's port, and MQTT over TLS's.
  public static let defaultPort = 1883
  public static let defaultTLSPort = 8883
  /// Where Home Assistant looks for discovery messages unless told otherwise.
  public static let defaultPrefix = "homeassistant"
  /// The credential the unit hands over (`LoadCredential=nixie-mqtt-password`, from
  /// `/etc/credstore/`).
  public static let credentialName = "nixie-mqtt-password"
  /// Where libmosquitto finds the system's certificate authorities when no `ca-file` is given.
  public static let systemCertificates = "/etc/ssl/certs"

  /// The broker's host name or address; nil: none named (`defaultBroker`, and the service's
  /// `ExecCondition=` keeps it from starting).
  public var broker: String?
  /// nil: 1883, or 8883 with TLS.
  public var port: Int?
  public var tls = false
  /// The certificate authority the broker's certificate must chain to; nil: the system's.
  public var caFile: String?
  public var username: String?
  /// The file the password is read from; nil: the unit's credential, when there is one.
  public var passwordFile: String?
  /// Home Assistant's discovery prefix.
  public var prefix = MQTTConfiguration.defaultPrefix
  /// This clock's id in topics and unique ids (`[A-Za-z0-9_-]`); nil: from the host name.
  public var nodeID: String?
  /// The device's name in Home Assistant; nil: "Nixie clock NODE".
  public var name: String?
  /// The clock's control socket; nil: where `nixie send` looks.
  public var socket: String?
  /// How often the broker hears from us at least, in seconds (MQTT keep-alive).
  public var keepAliveSeconds = 60
  /// Whether a number sent to the `text` entity is shown with a dark tube between groups of
  /// three digits (`12 345`), as `nixie send show --group-digits` shows it.
  public var groupDigits = false
  /// Where the file gave the paths checked after it is read (`ca-file`, `password-file`), by
  /// key: a problem with the file a path names is still a mistake in mqtt.yaml, said at its place.
  public var places: [String: Place] = [:]

  /// A place in the file: `mqtt.yaml:4:10`.
  public struct Place: Hashable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
  }

  public init() {}

  /// `message` about the value of `key` as a mistake in the file (exit 65), at its place when
  /// the file gave it.
  public func mistake(_ key: String, _ message: String) -> NixieError {
    guard let place = places[key] else { return NixieError(.badConfiguration, Printable.escaped(message)) }
    return NixieError(
      .badConfiguration,
      YAMLFileError(file: place.file, line: place.line, column: place.column, message: message).description)
  }

  /// The keep-alive a file may ask for.
  public static let keepAliveRange = 5...3600

  /// The host to connect to.
  public var host: String { broker ?? Self.defaultBroker }
  /// The port to connect to.
  public var resolvedPort: Int { port ?? (tls ? Self.defaultTLSPort : Self.defaultPort) }

  /// The node id in force: the given one, else the host name with every character topics and
  /// unique ids may not hold replaced by `_` (`nixie` for an empty one).
  public func resolvedNodeID(hostName: String = Kernel.nodeName) -> String {
    if let nodeID { return nodeID }
    let cleaned = String(hostName.unicodeScalars.map { Self.isIDCharacter($0) ? Character($0) : "_" })
    return cleaned.isEmpty ? "nixie" : cleaned
  }

  /// The device's name in force.
  public func resolvedName(nodeID: String) -> String { name ?? "Nixie clock \(nodeID)" }

  /// `[A-Za-z0-9_-]`, what Home Assistant allows in a node id.
  static func isIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_", "-": true
    default: false
    }
  }

  /// Why `id` cannot be a node id, or nil.
  public static func nodeIDProblem(_ id: String) -> String? {
    guard !id.isEmpty, id.utf8.count <= 64 else { return "a node id has 1 to 64 characters" }
    guard id.unicodeScalars.allSatisfy(isIDCharacter) else {
      return
        "a node id holds only letters, digits, '_' and '-' (Home Assistant's rule), not '\(Printable.escaped(id))'"
    }
    return nil
  }

  /// Why `prefix` cannot be a discovery prefix, or nil.
  public static func prefixProblem(_ prefix: String) -> String? {
    guard !prefix.isEmpty, prefix.utf8.count <= 64 else { return "a prefix has 1 to 64 characters" }
    guard !prefix.hasPrefix("/"), !prefix.hasSuffix("/"), !prefix.contains("+"), !prefix.contains("#"),
      !prefix.hasPrefix("$"), !prefix.unicodeScalars.contains(where: Printable.needsEscape)
    else {
      return
        "a prefix is a topic without wildcards (+, #), without a '/' at either end, not '\(Printable.escaped(prefix))'"
    }
    return nil
  }

  /// `HOST` or `HOST:PORT` (`[ADDRESS]:PORT` for IPv6), as `--broker` takes it.
  public static func broker(_ text: String) -> (host: String, port: Int?)? {
    var host = Substring(text)
    var port: Int?
    if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
      let rest = host[host.index(after: close)...]
      host = host[host.index(after: host.startIndex)..<close]
      if !rest.isEmpty {
        guard rest.hasPrefix(":"), let number = Int(rest.dropFirst()) else { return nil }
        port = number
      }
    } else if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon {
      guard let number = Int(host[host.index(after: colon)...]) else { return nil }
      port = number
      host = host[..<colon]
    }
    if let port, !(1...65_535).contains(port) { return nil }
    guard hostProblem(String(host)) == nil else { return nil }
    return (String(host), port)
  }

  /// Why `host` cannot name a broker, or nil.
  static func hostProblem(_ host: String) -> String? {
    guard !host.isEmpty, host.utf8.count <= 253 else { return "a broker's host has 1 to 253 characters" }
    guard !host.unicodeScalars.contains(where: { Printable.needsEscape($0) || $0 == " " || $0 == "/" }) else {
      return "a broker is a host name or address, not '\(Printable.escaped(host))'"
    }
    return nil
  }

  /// Reads the file at `path`; a mistake is reported with file:line:column.
  public static func load(_ path: String) throws(YAMLFileError) -> MQTTConfiguration {
    try parse(bytes: try YAMLFile.read(path), file: path)
  }

  /// The keys of the file.
  static let keys = [
    "broker", "port", "tls", "ca-file", "username", "password-file", "prefix", "node-id", "name", "socket",
    "keepalive-seconds", "group-digits",
  ]

  /// The settings in `bytes`, the text of `file`; a mistake is reported with file:line:column.
  public static func parse(bytes: [UInt8], file: String) throws(YAMLFileError) -> MQTTConfiguration {
    var configuration = MQTTConfiguration()
    guard let root = try ProfileNode.root(bytes: bytes, file: file) else { return configuration }
    let top = try root.fields(allowed: keys)
    func text(_ node: ProfileNode, _ problem: (String) -> String?) throws(YAMLFileError) -> String {
      let value = try node.string()
      if let problem = problem(value) { throw node.error("\(node.path): \(problem)") }
      return value
    }
    func path(_ node: ProfileNode, _ key: String) throws(YAMLFileError) -> String {
      configuration.places[key] = Place(file: file, line: node.valueLine, column: node.valueColumn)
      return try text(node) { $0.hasPrefix("/") && !$0.contains("\0") ? nil : "must be an absolute path" }
    }
    if let broker = top["broker"] { configuration.broker = try text(broker, hostProblem) }
    if let port = top["port"] { configuration.port = try port.int(in: 1...65_535) }
    if let tls = top["tls"] { configuration.tls = try tls.bool() }
    if let caFile = top["ca-file"] { configuration.caFile = try path(caFile, "ca-file") }
    if let username = top["username"] {
      configuration.username = try text(username) { name in
        name.isEmpty || name.utf8.count > 256 || name.unicodeScalars.contains(where: Printable.needsEscape)
          ? "a user name has 1 to 256 printable characters" : nil
      }
    }
    if let passwordFile = top["password-file"] {
      configuration.passwordFile = try path(passwordFile, "password-file")
    }
    if let prefix = top["prefix"] { configuration.prefix = try text(prefix, prefixProblem) }
    if let nodeID = top["node-id"] { configuration.nodeID = try text(nodeID, nodeIDProblem) }
    if let name = top["name"] {
      configuration.name = try text(name) { name in
        name.isEmpty || name.utf8.count > 64 || name.unicodeScalars.contains(where: Printable.needsEscape)
          ? "a name has 1 to 64 printable characters" : nil
      }
    }
    if let socket = top["socket"] {
      configuration.socket = try text(socket) { path in
        path.hasPrefix("/") && UnixSocket.Address(path) != nil
          ? nil : "must be an absolute path of at most 107 bytes"
      }
    }
    if let keepAlive = top["keepalive-seconds"] {
      configuration.keepAliveSeconds = try keepAlive.int(in: keepAliveRange)
    }
    if let group = top["group-digits"] { configuration.groupDigits = try group.bool() }
    if configuration.passwordFile != nil && configuration.username == nil {
      throw top["password-file"]!.error("password-file needs a username")
    }
    if configuration.caFile != nil && !configuration.tls {
      throw top["ca-file"]!.error("ca-file is for tls: true")
    }
    return configuration
  }
}
