import Foundation
import NixieBoards
import NixieWeb
import NixieYAMLFiles
import Testing

/// web.yaml's `allowed-hosts`: names in the form the `Host` check compares, kept when
/// `--set-password` rewrites the file, a mistake reported at its place.
struct WebConfigurationTests {
  static func load(_ text: String) throws -> WebConfiguration {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("web-\(UUID().uuidString).yaml")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try WebConfiguration.load(file.path)
  }

  @Test func allowedHostsAreReadInTheFormTheyAreComparedInAndWrittenBack() throws {
    let configuration = try Self.load(
      "allowed-hosts:\n  - Clock.Local.\n  - nixie.example.org\n  - clock.local\n")
    #expect(configuration.allowedHosts == ["clock.local", "nixie.example.org"])
    let again = try Self.load(configuration.yaml)
    #expect(again == configuration)
    #expect(try Self.load("allowed-hosts: clock.local\n").allowedHosts == ["clock.local"])
    #expect(try Self.load("listen: [\"127.0.0.1:8080\"]\n").allowedHosts.isEmpty)
  }

  static let mistakes: [(String, String)] = [
    (
      "allowed-hosts: [\"clock.local:8080\"]\n", ":1:17: allowed-hosts: 'clock.local:8080' is not a host name"
    ),
    ("allowed-hosts:\n  - \"*.example.org\"\n", ":2:5: allowed-hosts: '*.example.org' is not a host name"),
    ("allowed-hosts:\n  - \"http://clock.local\"\n", ":2:5: allowed-hosts: 'http://clock.local' is not"),
    ("allowed-hosts: [\"\"]\n", ":1:17: allowed-hosts: '' is not a host name"),
    ("allowed-hosts:\n  - {name: x}\n", ":2:5:"),
  ]

  @Test func aNameThatIsNotAHostNameIsReportedAtItsPlace() throws {
    for (text, message) in Self.mistakes {
      do {
        _ = try Self.load(text)
        Issue.record("\(text) was taken")
      } catch let error as YAMLFileError {
        #expect(error.description.contains(message), "\(error.description)")
      }
    }
  }
}
