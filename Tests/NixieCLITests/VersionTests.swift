import Foundation
import NixieCLI
import Testing

/// `nixie --version` and the Debian package carry one version: Version.swift's.
struct VersionTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardizedFileURL

  /// The version in the top entry of debian/changelog, `nixie (VERSION) DIST; urgency=…`.
  static func changelogVersion() throws -> String {
    let changelog = try String(
      contentsOf: root.appendingPathComponent("debian/changelog"), encoding: .utf8)
    let firstLine = try #require(changelog.split(separator: "\n").first)
    let opening = try #require(firstLine.firstIndex(of: "("), "no ( in \(firstLine)")
    let closing = try #require(firstLine.firstIndex(of: ")"), "no ) in \(firstLine)")
    #expect(firstLine.hasPrefix("nixie ("), "\(firstLine)")
    return String(firstLine[firstLine.index(after: opening)..<closing])
  }

  @Test func theChangelogsTopEntryIsThisVersion() throws {
    #expect(try Self.changelogVersion() == NixieVersion.current)
  }

  @Test func nixieVersionPrintsIt() throws {
    let result = try NixieProcess.run(["--version"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == NixieVersion.current + "\n")
  }
}
