import Foundation
import Glibc
import NixieControl
import NixieText

/// One test's world: a folder, a broker, a real `nixie clock --backend sim` with its control
/// socket, and `nixie mqtt` between them — each a process of its own, as in a house.
final class Rig {
  /// The `nixie` next to this test bundle in the build folder.
  static let nixie: String = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundle.appendingPathComponent("nixie").path
  }()

  /// The clock's faces in these tests: the time, and the outdoor temperature from the house.
  static let clockConfiguration = """
    faces:
      - format: "HH:mm:ss"
        seconds: 50
      - topic: home/outdoor/temperature
        decimals: 1
        seconds: 10
        stale-seconds: 3
    """

  let folder: URL
  let broker: Broker
  let socket: String
  private(set) var clock: Spawned?
  private(set) var bridge: Spawned?
  let node = "test"

  init(users: [(String, String)] = [], clockYAML: String = Rig.clockConfiguration) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("nixie-mqtt-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // Short: sun_path has 108 bytes.
    socket = "/tmp/nixie-mqtt-\(UUID().uuidString.prefix(8)).sock"
    try clockYAML.write(to: folder.appendingPathComponent("nixie.yaml"), atomically: true, encoding: .utf8)
    broker = try Broker(in: folder, users: users)
  }

  deinit {
    bridge?.stop()
    clock?.stop()
    broker.kill()
    unlink(socket)
    try? FileManager.default.removeItem(at: folder)
  }

  /// Starts the clock and returns once its control socket answers.
  func startClock() throws {
    clock = try Spawned(
      "clock", Self.nixie,
      [
        "clock", "--backend", "sim", "--config", folder.appendingPathComponent("nixie.yaml").path, "--socket",
        socket, "--timezone", "UTC", "--transition", "none",
      ], in: folder)
    guard Wait.until(seconds: 20, every: 0.2, { (try? state()) != nil }) else {
      throw HarnessError("the clock did not answer: \(clock?.errors ?? "")")
    }
  }

  func stopClock() { clock?.stop() }

  /// Starts `nixie mqtt` with `mqttYAML` as its settings file and `arguments` on top.
  func startBridge(mqttYAML: String = "", arguments: [String] = []) throws {
    bridge = try spawnBridge(mqttYAML: mqttYAML, arguments: arguments)
  }

  /// A `nixie mqtt` of this rig's, not kept by it (a second bridge, one that should exit), to
  /// the rig's broker or another on `port` of 127.0.0.1.
  func spawnBridge(mqttYAML: String = "", arguments: [String] = [], name: String = "mqtt", port: Int? = nil)
    throws -> Spawned
  {
    let file = folder.appendingPathComponent("\(name).yaml")
    try mqttYAML.write(to: file, atomically: true, encoding: .utf8)
    return try Spawned(
      name, Self.nixie,
      [
        "mqtt", "--config", file.path, "--broker", "127.0.0.1:\(port ?? broker.port)", "--socket", socket,
        "--node-id", node,
      ] + arguments, in: folder)
  }

  /// The bridge's log so far.
  var bridgeLog: String { bridge?.errors ?? "" }

  /// Waits until the bridge's log holds `text`.
  @discardableResult
  func waitForLog(_ text: String, seconds: Double = 15) -> Bool {
    Wait.until(seconds: seconds) { bridgeLog.contains(text) }
  }

  /// The clock's state, asked over its control socket.
  func state() throws -> JSONValue {
    let answer = try ControlClient.request(.state, to: socket, timeoutMilliseconds: 2000)
    guard let state = answer["state"] else { throw HarnessError("no state in \(answer.text)") }
    return state
  }

  /// Waits until the clock's state satisfies `condition`, asking five times a second: well
  /// inside the control socket's rate limits, which the bridge's requests share.
  @discardableResult
  func waitForClock(seconds: Double = 15, _ condition: (JSONValue) -> Bool) -> Bool {
    Wait.until(seconds: seconds, every: 0.2) { (try? state()).map(condition) ?? false }
  }

  /// Sends `request` to the clock as any other client would (`nixie send`, `nixie web`).
  func ask(_ request: ControlRequest) throws -> JSONValue {
    try ControlClient.request(request, to: socket, timeoutMilliseconds: 2000)
  }

  /// `nixie send ARGUMENTS…` to the clock; its exit status.
  func send(_ arguments: [String]) throws -> Int32 {
    let sender = try Spawned("send", Self.nixie, ["send", "--socket", socket] + arguments, in: folder)
    guard Wait.until(seconds: 10, { !sender.process.isRunning }) else {
      throw HarnessError("nixie send hung")
    }
    return sender.process.terminationStatus
  }

  /// `nixie/NODE/NAME/state` and `…/set`.
  func stateTopic(_ name: String) -> String { "nixie/\(node)/\(name)/state" }
  func commandTopic(_ name: String) -> String { "nixie/\(node)/\(name)/set" }
  var availability: String { "nixie/\(node)/availability" }
}
