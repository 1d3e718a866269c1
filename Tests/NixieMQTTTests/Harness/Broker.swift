import Foundation
import Glibc
import NixieTestSupport

/// A real Mosquitto broker (Debian `mosquitto`) for one test: on a free port of 127.0.0.1, its
/// configuration in the test's folder, no persistence, run as this user — no root, no system
/// service. With `users` it takes only those logins (a password file made by
/// `mosquitto_passwd`).
final class Broker {
  let folder: URL
  let port: Int
  private(set) var process: Spawned?
  /// The login the test's own tools use (the first of `users`), if the broker wants one.
  let login: (String, String)?

  /// The tools the tests need, or why they cannot run.
  static func tool(_ name: String) throws -> String {
    guard let path = ToolProcess.find(name) else {
      throw HarnessError("\(name) is needed (Debian mosquitto and mosquitto-clients: Scripts/setup --test)")
    }
    return path
  }

  init(in folder: URL, users: [(String, String)] = []) throws {
    self.folder = folder
    login = users.first
    port = try Self.freePort()
    // No limit to the messages queued for a client (Mosquitto's default drops the newest once a
    // client is 1 000 behind, INTERFACE says so): a flood's last value is the bridge's to lose,
    // not the broker's. Under AddressSanitizer beside an emulated arm64 VM, a request to the
    // clock kept the bridge away long enough for mosquitto_pub to get that far ahead.
    var lines = [
      "listener \(port) 127.0.0.1", "persistence false", "log_dest stderr", "log_type all",
      "max_queued_messages 0",
    ]
    if users.isEmpty {
      lines.append("allow_anonymous true")
    } else {
      let passwords = folder.appendingPathComponent("passwords")
      _ = FileManager.default.createFile(atPath: passwords.path, contents: nil)
      for (user, password) in users {
        _ = try ToolProcess.run(try Self.tool("mosquitto_passwd"), ["-b", passwords.path, user, password])
      }
      lines += ["allow_anonymous false", "password_file \(passwords.path)"]
    }
    try (lines.joined(separator: "\n") + "\n").write(
      to: folder.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
    try start()
  }

  /// Starts the broker and returns once it accepts connections (at most 10 s).
  func start() throws {
    process = try Spawned(
      "mosquitto", try Self.tool("mosquitto"), ["-c", folder.appendingPathComponent("mosquitto.conf").path],
      in: folder)
    guard Wait.until(seconds: 10, { Self.accepts(port: port) }) else {
      throw HarnessError("mosquitto did not listen on \(port): \(process?.errors ?? "")")
    }
  }

  /// Kills the broker at once (SIGKILL: no goodbye to anyone).
  func kill() { process?.stop(signal: SIGKILL) }

  /// What every tool is told: where the broker is, and the login.
  var address: [String] {
    ["-h", "127.0.0.1", "-p", String(port)] + (login.map { ["-u", $0.0, "-P", $0.1] } ?? [])
  }

  /// Publishes `message` on `topic` with mosquitto_pub (empty: a zero-length message).
  func publish(_ topic: String, _ message: String, retain: Bool = false) throws {
    var arguments = address + ["-t", topic, "-q", "1"]
    arguments += message.isEmpty ? ["-n"] : ["-m", message]
    if retain { arguments.append("-r") }
    _ = try ToolProcess.run(try Self.tool("mosquitto_pub"), arguments)
  }

  /// Publishes `bytes` on `topic` as they are (NULs and all, any size), from a file.
  func publish(_ topic: String, bytes: [UInt8], retain: Bool = false) throws {
    let file = folder.appendingPathComponent("payload-\(UUID().uuidString.prefix(8))")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try ToolProcess.run(
      try Self.tool("mosquitto_pub"),
      address + ["-t", topic, "-q", "1", "-f", file.path] + (retain ? ["-r"] : []))
  }

  /// Publishes each of `lines` as a message on `topic`, as fast as one client sends them.
  func publish(_ topic: String, lines: [String]) throws {
    _ = try ToolProcess.run(
      try Self.tool("mosquitto_pub"), address + ["-t", topic, "-q", "1", "-l"],
      input: lines.joined(separator: "\n") + "\n")
  }

  /// The broker's log so far.
  var log: String { process?.errors ?? "" }

  /// How many times a client logged in as `id`, by the broker's log.
  func connections(as id: String) -> Int { log.components(separatedBy: " as \(id) (").count - 1 }

  /// A subscriber to `topic` (every topic by default).
  func subscribe(_ topic: String = "#") throws -> Subscriber {
    try Subscriber(broker: self, topic: topic)
  }

  /// The retained messages under `topic` now: a subscriber that stops after a second of quiet
  /// (mosquitto_sub's `-W`), keeping only retained messages.
  ///
  /// A subscriber with `--retained-only` gets the retained messages as it subscribes and ends at
  /// the first message that is not: a marker published once it has subscribed. (Its `-W`
  /// timeout is an alarm signal, which a child of the test process may find blocked.)
  func retained(_ topic: String = "#") throws -> [Subscriber.Message] {
    let marker = "nixie-test/marker/\(UUID().uuidString.prefix(8))"
    let before = subscriptions
    let reader = try Spawned(
      "mosquitto_sub-retained", try Self.tool("mosquitto_sub"),
      address + ["-t", topic, "-t", marker, "-F", Subscriber.format, "--retained-only", "-q", "1"], in: folder
    )
    guard Wait.until(seconds: 10, { subscriptions > before }) else {
      throw HarnessError("mosquitto_sub --retained-only did not subscribe: \(reader.errors)")
    }
    try publish(marker, "end")
    guard Wait.until(seconds: 10, { !reader.process.isRunning }) else {
      throw HarnessError("mosquitto_sub --retained-only did not end")
    }
    return Subscriber.messages(reader.output).filter { $0.topic != marker }
  }

  /// How many subscriptions the broker has logged so far.
  var subscriptions: Int { process?.errors.components(separatedBy: "Received SUBSCRIBE").count ?? 1 }

  /// A free TCP port of 127.0.0.1 (the kernel's choice for a socket bound to port 0).
  static func freePort() throws -> Int {
    let (socket, port) = try loopbackSocket()
    close(socket)
    return port
  }

  /// A TCP socket bound to a free port of 127.0.0.1 (listening, with `backlog`, when given) and
  /// its port; the caller closes it.
  static func loopbackSocket(listening backlog: Int32? = nil) throws -> (socket: Int32, port: Int) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw HarnessError("socket: \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(socket, pointer, length) == 0 && backlog.map { listen(socket, $0) == 0 } ?? true
          && getsockname(socket, pointer, &length) == 0
      }
    }
    guard bound else {
      close(socket)
      throw HarnessError("bind: \(errno)")
    }
    return (socket, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// Whether something accepts TCP connections on `port` of 127.0.0.1.
  static func accepts(port: Int) -> Bool {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { return false }
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}

/// `mosquitto_sub` on a topic for as long as the test holds it: the messages it has printed,
/// each with its retain flag.
final class Subscriber {
  struct Message: Hashable {
    var retained: Bool
    var topic: String
    var payload: String
  }

  /// One line per message: retain flag, topic, payload, tab-separated.
  static let format = "%r\t%t\t%p"

  let process: Spawned

  init(broker: Broker, topic: String) throws {
    let before = broker.subscriptions
    process = try Spawned(
      "mosquitto_sub", try Broker.tool("mosquitto_sub"),
      broker.address + ["-t", topic, "-F", Self.format, "-q", "1"], in: broker.folder)
    // Subscribed once the broker's log says it took one more subscription.
    guard Wait.until(seconds: 10, { broker.subscriptions > before }) else {
      throw HarnessError("mosquitto_sub did not subscribe: \(process.errors)")
    }
  }

  static func messages(_ output: String) -> [Message] {
    output.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
      let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
      guard parts.count >= 2 else { return nil }
      return Message(
        retained: parts[0] == "1", topic: String(parts[1]), payload: parts.count > 2 ? String(parts[2]) : "")
    }
  }

  /// Every message so far.
  var messages: [Message] { Self.messages(process.output) }

  /// The last payload on `topic` so far.
  func last(_ topic: String) -> String? { messages.last { $0.topic == topic }?.payload }

  /// Waits (at most `seconds`) until the last payload on `topic` is `payload`.
  @discardableResult
  func waitFor(_ topic: String, _ payload: String, seconds: Double = 10) -> Bool {
    Wait.until(seconds: seconds) { last(topic) == payload }
  }

  /// Waits until `count` messages on `topic` have come.
  @discardableResult
  func waitForCount(_ topic: String, _ count: Int, seconds: Double = 10) -> Bool {
    Wait.until(seconds: seconds) { messages.filter { $0.topic == topic }.count >= count }
  }
}
