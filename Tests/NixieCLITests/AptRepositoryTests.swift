import Foundation
import Testing

/// Whether the tools the repository's writer and these tests use are installed.
enum AptTools {
  static let there = ["apt-ftparchive", "gpg", "gpgv", "dpkg-deb", "sha256sum"].allSatisfy { tool in
    ["/usr/bin", "/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
  }
}

/// Scripts/apt-repository, the writer of nixie's signed apt repository, on small stand-in
/// packages and throw-away keys: what it writes is read back with gpgv and sha256sum (not with
/// the script's own tools), and what it must refuse leaves the repository as it was. That apt
/// itself installs, upgrades and downgrades from it is the systemd VM's check (systemd-upgrade).
@Suite(.enabled(if: AptTools.there, "apt-ftparchive, gpg or dpkg-deb missing (Scripts/setup --test)"))
struct AptRepositoryTests {
  static let writer = SystemdUnitTests.root.appendingPathComponent("Scripts/apt-repository").path

  /// A folder with throw-away keys and packages; its gpg agents are stopped at the end.
  final class Workshop {
    let folder: URL
    private var homes: [String] = []

    init() throws { folder = try NixieProcess.temporaryFolder() }

    deinit {
      for home in homes { _ = try? AptRepositoryTests.run(["gpgconf", "--homedir", home, "--kill", "all"]) }
      try? FileManager.default.removeItem(at: folder)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A GnuPG home NAME with a new ed25519 signing key for each user id.
    func keyHome(_ name: String, users: [String] = ["nixie test <test@nixie.invalid>"]) throws -> String {
      let home = path(name)
      try FileManager.default.createDirectory(
        atPath: home, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      homes.append(home)
      for user in users {
        try AptRepositoryTests.expectSuccess([
          "gpg", "--homedir", home, "--batch", "--pinentry-mode", "loopback", "--passphrase", "",
          "--quick-gen-key", user, "ed25519", "sign", "never",
        ])
      }
      return home
    }

    /// A package file `name_version_arch.deb` whose one file holds `content`.
    func package(
      _ name: String = "nixie", version: String, arch: String = "amd64", content: String = "a"
    ) throws -> String {
      let tree = folder.appendingPathComponent("tree-\(UUID().uuidString)")
      try FileManager.default.createDirectory(
        at: tree.appendingPathComponent("DEBIAN"), withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        at: tree.appendingPathComponent("usr/bin"), withIntermediateDirectories: true)
      try
        "Package: \(name)\nVersion: \(version)\nArchitecture: \(arch)\nMaintainer: t <t@nixie.invalid>\nDescription: t\n"
        .write(to: tree.appendingPathComponent("DEBIAN/control"), atomically: true, encoding: .utf8)
      try content.write(to: tree.appendingPathComponent("usr/bin/\(name)"), atomically: true, encoding: .utf8)
      let file = path("\(name)_\(version)_\(arch)-\(UUID().uuidString.prefix(8)).deb")
      try AptRepositoryTests.expectSuccess(["dpkg-deb", "--root-owner-group", "-b", tree.path, file])
      return file
    }
  }

  static func run(_ arguments: [String]) throws -> NixieProcess.Result {
    try NixieProcess.run(arguments, executable: URL(fileURLWithPath: "/usr/bin/env"))
  }

  static func expectSuccess(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try run(arguments)
    try #require(
      result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)",
      sourceLocation: sourceLocation)
  }

  /// The writer on REPO with KEY and the packages.
  static func write(_ repo: String, key: String, _ packages: [String], keyID: String? = nil) throws
    -> NixieProcess.Result
  {
    var arguments = [writer, "--repo", repo, "--key", key]
    if let keyID { arguments += ["--key-id", keyID] }
    for package in packages { arguments += ["--package", package] }
    return try run(arguments)
  }

  static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  static func sha256(_ path: String) throws -> String {
    String(try run(["sha256sum", path]).stdout.prefix(64))
  }

  /// The stanzas of a Packages file, each as its fields.
  static func stanzas(_ text: String) -> [[String: String]] {
    text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { stanza in
      var fields: [String: String] = [:]
      for line in stanza.split(separator: "\n") where !line.hasPrefix(" ") {
        let parts = line.split(separator: ":", maxSplits: 1)
        if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
      }
      return fields
    }
  }

  @Test func theRepositoryIsSignedAndEveryHashIsRight() throws {
    let shop = try Workshop()
    let home = try shop.keyHome("key")
    let repo = shop.path("repo")
    let packages = [
      try shop.package(version: "0.3.0"), try shop.package(version: "0.3.0", arch: "arm64"),
    ]
    let result = try Self.write(repo, key: home, packages)
    #expect(result.status == 0, "\(result.stderr)")
    let dists = repo + "/dists/stable"
    let keyring = repo + "/nixie-archive-keyring.gpg"
    try Self.expectSuccess(["gpgv", "--keyring", keyring, dists + "/InRelease"])
    try Self.expectSuccess(["gpgv", "--keyring", keyring, dists + "/Release.gpg", dists + "/Release"])
    let release = try Self.read(dists + "/Release")
    for field in [
      "Origin: nixie", "Label: nixie", "Suite: stable", "Codename: stable", "Components: main",
      "Architectures: amd64 arm64",
    ] {
      #expect(release.contains("\n\(field)\n") || release.hasPrefix("\(field)\n"), "\(field) in \(release)")
    }
    // Every index the Release file lists under SHA256 is there with that hash and size.
    let sha256 = try #require(release.components(separatedBy: "SHA256:\n").last)
    let listed = sha256.split(separator: "\n").prefix { $0.hasPrefix(" ") }.map { $0.split(separator: " ") }
    #expect(listed.count == 6, "\(listed)")
    for entry in listed {
      let file = dists + "/" + entry[2]
      #expect(try Self.sha256(file) == String(entry[0]), "\(entry[2])")
      let size = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
      #expect(size == Int(entry[1]), "\(entry[2])")
    }
    // Each architecture's index lists its package, whose pool file has the hash and size given.
    for (arch, source) in zip(["amd64", "arm64"], packages) {
      let stanzas = Self.stanzas(try Self.read(dists + "/main/binary-\(arch)/Packages"))
      #expect(stanzas.count == 1)
      let stanza = try #require(stanzas.first)
      #expect(stanza["Filename"] == "pool/main/n/nixie/nixie_0.3.0_\(arch).deb")
      let pooled = repo + "/" + (stanza["Filename"] ?? "")
      #expect(try Self.sha256(pooled) == stanza["SHA256"])
      let sourceHash = try Self.sha256(source)
      #expect(stanza["SHA256"] == sourceHash)
    }
  }

  @Test func aPublishedFileNeverChangesAndOlderVersionsStay() throws {
    let shop = try Workshop()
    let home = try shop.keyHome("key")
    let repo = shop.path("repo")
    let first = try shop.package(version: "0.3.0")
    #expect(try Self.write(repo, key: home, [first]).status == 0)
    let next = try shop.package(version: "0.3.0+test1")
    let again = try Self.write(repo, key: home, [first, next])
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stderr.contains("1 package(s) added, 2 listed"), "\(again.stderr)")
    let versions = Self.stanzas(try Self.read(repo + "/dists/stable/main/binary-amd64/Packages")).compactMap {
      $0["Version"]
    }
    #expect(versions.sorted() == ["0.3.0", "0.3.0+test1"])
    let inRelease = try Self.read(repo + "/dists/stable/InRelease")
    let rebuilt = try shop.package(version: "0.3.0", content: "other bytes")
    let refused = try Self.write(repo, key: home, [rebuilt])
    #expect(refused.status == 1)
    #expect(refused.stderr.contains("is published already with other bytes"), "\(refused.stderr)")
    let published = try Self.sha256(first)
    #expect(try Self.sha256(repo + "/pool/main/n/nixie/nixie_0.3.0_amd64.deb") == published)
    #expect(try Self.read(repo + "/dists/stable/InRelease") == inRelease)
  }

  @Test func aRepositoryKeepsItsKey() throws {
    let shop = try Workshop()
    let repo = shop.path("repo")
    #expect(
      try Self.write(repo, key: try shop.keyHome("first"), [try shop.package(version: "1")]).status == 0)
    let keyring = FileManager.default.contents(atPath: repo + "/nixie-archive-keyring.gpg")
    #expect(keyring != nil)
    let other = try Self.write(repo, key: try shop.keyHome("second"), [try shop.package(version: "2")])
    #expect(other.status == 1)
    #expect(other.stderr.contains("which its users trust: sign with that key"), "\(other.stderr)")
    #expect(FileManager.default.contents(atPath: repo + "/nixie-archive-keyring.gpg") == keyring)
    #expect(!FileManager.default.fileExists(atPath: repo + "/pool/main/n/nixie/nixie_2_amd64.deb"))
  }

  /// What the script is given that is not a trixie nixie package for amd64 or arm64.
  static let foreign: [(name: String, version: String, arch: String, why: String)] = [
    ("nixie-docs", "0.3.0", "amd64", "a package of nixie-docs, not of nixie"),
    ("nixie", "0.3.0", "armhf", "for armhf; the repository serves amd64 arm64"),
    ("nixie", "0.3.0~bookworm", "arm64", "built for Debian 12 (bookworm)"),
  ]

  @Test(arguments: foreign.indices)
  func onlyNixiesTrixiePackagesGoIn(_ index: Int) throws {
    let item = Self.foreign[index]
    let shop = try Workshop()
    let repo = shop.path("repo")
    let package = try shop.package(item.name, version: item.version, arch: item.arch)
    let result = try Self.write(
      repo, key: try shop.keyHome("key"), [try shop.package(version: "1"), package])
    #expect(result.status == 1)
    #expect(result.stderr.contains(item.why), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: repo), "written before the refusal")
  }

  @Test func theKeyIsAHomeWithOneSigningKeyOrAnExportedFile() throws {
    let shop = try Workshop()
    let home = try shop.keyHome(
      "two", users: ["one <one@nixie.invalid>", "two <two@nixie.invalid>"])
    let package = try shop.package(version: "1")
    let ambiguous = try Self.write(shop.path("a"), key: home, [package])
    #expect(ambiguous.status == 1)
    #expect(ambiguous.stderr.contains("holds 2 secret keys that can sign: name one with --key-id"))
    let named = try Self.write(shop.path("b"), key: home, [package], keyID: "two@nixie.invalid")
    #expect(named.status == 0, "\(named.stderr)")
    // The same key exported to a file signs the same repository, from a home of its own that
    // is gone afterwards.
    let exported = shop.path("two.key")
    let export = try Self.run([
      "sh", "-c", "gpg --homedir \"$0\" --batch --export-secret-keys two@nixie.invalid >\"$1\"", home,
      exported,
    ])
    #expect(export.status == 0, "\(export.stderr)")
    let before = try FileManager.default.contentsOfDirectory(atPath: "/tmp").filter {
      $0.hasPrefix("nixie-apt-key.")
    }
    let fromFile = try Self.write(shop.path("b"), key: exported, [try shop.package(version: "2")])
    #expect(fromFile.status == 0, "\(fromFile.stderr)")
    let after = try FileManager.default.contentsOfDirectory(atPath: "/tmp").filter {
      $0.hasPrefix("nixie-apt-key.")
    }
    #expect(Set(after).isSubset(of: Set(before)), "the throw-away home stayed: \(after)")
    let missing = try Self.write(shop.path("c"), key: shop.path("no-such-key"), [package])
    #expect(missing.status == 2)
  }
}
