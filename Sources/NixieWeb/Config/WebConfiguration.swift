import NixieSystem
import NixieText
import NixieYAMLFiles

/// `nixie web`'s own settings, from `/etc/nixie/web.yaml` (written by `nixie web
/// --set-password`) and the command line: where it listens, the password's hash, the clock's
/// control socket, the host names it answers to besides IP addresses and `localhost`. Without
/// a password it listens on 127.0.0.1 only; listening anywhere else needs one.
public struct WebConfiguration: Hashable, Sendable {
  /// The default file.
  public static let defaultPath = "/etc/nixie/web.yaml"
  /// Where it listens when nothing says: this machine only.
  public static let defaultListen = [TCPSocket.Address(host: "127.0.0.1", port: 8080)].compactMap { $0 }

  public var listen: [TCPSocket.Address] = WebConfiguration.defaultListen
  public var passwordHash: PasswordHash?
  /// The clock's control socket; nil: where `nixie send` looks.
  public var socket: String?
  /// Host names a request's `Host` may have besides IP addresses and `localhost`, in the form
  /// `HostAndPort.name` compares (lower case, no final dot): the owner's names for this
  /// machine. Without a password no other name is answered (DNS rebinding).
  public var allowedHosts: [String] = []

  public init() {}

  /// Whether every address is this machine's own.
  public var isLoopbackOnly: Bool { listen.allSatisfy(\.isLoopback) }

  /// Reads the file at `path`; a mistake is reported with file:line:column.
  public static func load(_ path: String) throws(YAMLFileError) -> WebConfiguration {
    try parse(bytes: try YAMLFile.read(path), file: path)
  }

  /// The settings in `bytes`, the text of `file`; a mistake is reported with file:line:column.
  public static func parse(bytes: [UInt8], file: String) throws(YAMLFileError) -> WebConfiguration {
    var configuration = WebConfiguration()
    guard let root = try ProfileNode.root(bytes: bytes, file: file) else { return configuration }
    let top = try root.fields(allowed: ["allowed-hosts", "listen", "password-hash", "socket"])
    if let listen = top["listen"] {
      let items = listen.text != nil ? [listen] : try listen.sequence()
      guard !items.isEmpty else { throw listen.error("listen must name at least one address") }
      configuration.listen = []
      for item in items {
        let text = try item.string()
        guard let address = TCPSocket.Address(text) else {
          throw item.error(
            "listen: '\(text)' is not ADDRESS:PORT with a numeric address (127.0.0.1:8080, [::]:8080)")
        }
        configuration.listen.append(address)
      }
    }
    if let hash = top["password-hash"] {
      let text = try hash.string()
      guard let parsed = PasswordHash(text) else {
        throw hash.error("password-hash is not one nixie web wrote (set it with 'nixie web --set-password')")
      }
      configuration.passwordHash = parsed
    }
    if let socket = top["socket"] {
      let path = try socket.string()
      guard path.hasPrefix("/"), UnixSocket.Address(path) != nil else {
        throw socket.error("socket must be an absolute path of at most 107 bytes")
      }
      configuration.socket = path
    }
    if let hosts = top["allowed-hosts"] {
      for item in hosts.text != nil ? [hosts] : try hosts.sequence() {
        let text = try item.string()
        guard let name = HostAndPort.name(text[...]) else {
          throw item.error(
            "allowed-hosts: '\(Printable.escaped(text.prefix(80)))' is not a host name: labels of letters, digits"
              + " and hyphens joined by dots, no port (clock.local, nixie.example.org)")
        }
        if !configuration.allowedHosts.contains(name) { configuration.allowedHosts.append(name) }
      }
    }
    return configuration
  }

  /// The file's text (what `--set-password` writes).
  public var yaml: String {
    var lines = [
      "# nixie web's settings. 'nixie web --set-password' rewrites this file.",
      "# Without password-hash, nixie web listens on 127.0.0.1 only.",
      "listen:",
    ]
    lines += listen.map { "  - \"\($0)\"" }
    if let passwordHash { lines.append("password-hash: \"\(passwordHash)\"") }
    if let socket { lines.append("socket: \"\(socket)\"") }
    if !allowedHosts.isEmpty {
      lines.append("allowed-hosts:")
      lines += allowedHosts.map { "  - \"\($0)\"" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Why this configuration may not run: an address off this machine without a password.
  public var refusal: String? {
    guard passwordHash == nil, let open = listen.first(where: { !$0.isLoopback }) else { return nil }
    return "listening on \(open) would open the clock to the network without a password: set one with"
      + " 'sudo nixie web --set-password', or listen on 127.0.0.1"
  }
}
