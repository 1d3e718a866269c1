import Foundation
import NixieControl
import Testing

/// The socket's place when nothing says: the service's, else the user's, for the clock and
/// for `nixie send` alike.
struct ControlSocketPathTests {
  @Test func aUsersSocketIsInTheirRuntimeDirectory() {
    #expect(
      ControlSocketPath.user { $0 == "XDG_RUNTIME_DIR" ? "/run/user/1000" : nil }
        == "/run/user/1000/nixie/control.sock")
    #expect(ControlSocketPath.user { _ in nil } == "/tmp/nixie-\(getuid())/control.sock")
    #expect(
      ControlSocketPath.user { $0 == "XDG_RUNTIME_DIR" ? "relative" : nil }
        == "/tmp/nixie-\(getuid())/control.sock")
  }

  @Test func sendLooksWhereAClockWithoutTheServiceListens() throws {
    let runtime = try NixieTemporaryFolder.make()
    let environment: (String) -> String? = { $0 == "XDG_RUNTIME_DIR" ? runtime.path : nil }
    if !FileManager.default.fileExists(atPath: "/run/nixie") {
      #expect(ControlSocketPath.forClock(environment: environment) == runtime.path + "/nixie/control.sock")
      #expect(ControlSocketPath.forSend(environment: environment) == ControlSocketPath.service)
      try FileManager.default.createDirectory(
        atPath: runtime.path + "/nixie", withIntermediateDirectories: true)
      #expect(FileManager.default.createFile(atPath: runtime.path + "/nixie/control.sock", contents: nil))
      #expect(ControlSocketPath.forSend(environment: environment) == runtime.path + "/nixie/control.sock")
    }
  }
}

/// A fresh folder under the temporary directory.
enum NixieTemporaryFolder {
  static func make() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nixie-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
