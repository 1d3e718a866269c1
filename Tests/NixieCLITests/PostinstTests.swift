import Foundation
import Testing

/// The package's post-installation script (debian/nixie.postinst): before debhelper's part
/// restarts the clock, the new `nixie` must read this machine's settings; when it cannot, the
/// script fails and nothing restarts (the running clock keeps its version). Its decision for
/// every way the new binary can end, with a stand-in `nixie` on PATH; and the real binary's
/// answers to the exact command line the script runs.
struct PostinstTests {
  static let script = SystemdUnitTests.root.appendingPathComponent("debian/nixie.postinst").path

  /// Runs the script with ARGUMENTS, a `nixie` that records its arguments and ends as `body`
  /// says (shell), and a `dpkg-query` that says the package's version is 0.4.0.
  static func postinst(_ arguments: [String], nixie body: String) throws -> (NixieProcess.Result, String) {
    let bin = try NixieProcess.temporaryFolder()
    let record = bin.appendingPathComponent("arguments").path
    let tools = [
      "nixie": "#!/bin/sh\necho \"$@\" >'\(record)'\n\(body)\n",
      "dpkg-query": "#!/bin/sh\nprintf 0.4.0\n",
    ]
    // Each stand-in is made executable by `install` in a process of its own: a file this
    // process wrote could still be open for writing in a child another test forked meanwhile,
    // and exec then fails with ETXTBSY (exit 126, the stand-in never ran: seen in CI, load 14).
    for (name, text) in tools {
      let source = bin.appendingPathComponent(name + ".text").path
      try text.write(toFile: source, atomically: true, encoding: .utf8)
      let installed = try NixieProcess.run(
        ["-m", "755", source, bin.appendingPathComponent(name).path],
        executable: URL(fileURLWithPath: "/usr/bin/install"))
      try #require(installed.status == 0, "install: \(installed.stderr)")
    }
    let path = "\(bin.path):" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let result = try NixieProcess.run(
      [script] + arguments, environment: ["PATH": path], executable: URL(fileURLWithPath: "/bin/sh"))
    let recorded = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
    return (result, recorded)
  }

  /// How the stand-in ends, and whether the upgrade goes on (the script exits 0).
  static let endings: [(body: String, goesOn: Bool)] = [
    ("exit 0", true),  // a board is chosen
    ("echo 'no board chosen' >&2; exit 1", true),  // none yet: the service waits, as installed
    ("echo 'nixie.yaml:3:1: unknown key' >&2; exit 65", false),  // the settings refused
    ("exit 2", false),  // the new binary does not know the options
    ("exit 69", false),
    ("exit 70", false),  // the upgrade check's broken binary (Tests/Packaging/apt-test)
    ("exit 126", false),  // cannot be executed
    ("exit 127", false),  // not found, or a library missing
    ("kill -SEGV $$", false),  // a crash before main
  ]

  @Test(arguments: endings.indices)
  func anUpgradeGoesOnOnlyWhenTheNewBinaryReadsTheSettings(_ index: Int) throws {
    let ending = Self.endings[index]
    let (result, arguments) = try Self.postinst(["configure", "0.3.0"], nixie: ending.body)
    #expect(
      arguments
        == "clock --check-board --config /etc/nixie/nixie.yaml --overrides /var/lib/nixie/overrides.yaml\n")
    if ending.goesOn {
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stderr.isEmpty, "\(result.stderr)")
    } else {
      #expect(result.status == 1)
      #expect(
        result.stderr.contains("nixie: nixie 0.4.0 fails with this machine's settings (exit "),
        "\(result.stderr)")
      #expect(result.stderr.contains("it still runs 0.3.0."), "\(result.stderr)")
      #expect(result.stderr.contains("or go back: 'sudo apt install nixie=0.3.0'"), "\(result.stderr)")
    }
  }

  @Test func theRefusalQuotesTheNewBinarysReason() throws {
    let (result, _) = try Self.postinst(["configure", "0.3.0"], nixie: Self.endings[2].body)
    #expect(result.stderr.contains("(exit 65): nixie.yaml:3:1: unknown key\n"), "\(result.stderr)")
  }

  @Test func aNewInstallThatCannotRunFailsWithoutTalkingOfAnOlderVersion() throws {
    let (result, _) = try Self.postinst(["configure", ""], nixie: "exit 127")
    #expect(result.status == 1)
    #expect(result.stderr.contains("fails with this machine's settings (exit 127)"), "\(result.stderr)")
    #expect(!result.stderr.contains("still runs"), "\(result.stderr)")
  }

  /// dpkg calls postinst with these after a failed step elsewhere: debhelper's part alone.
  @Test(arguments: ["abort-upgrade", "abort-remove", "abort-deconfigure"])
  func onlyConfigureTriesTheNewBinary(_ action: String) throws {
    let (result, arguments) = try Self.postinst([action, "0.3.0"], nixie: "exit 70")
    #expect(result.status == 0, "\(result.stderr)")
    #expect(arguments.isEmpty)
  }

  /// debhelper puts its part (the restart) where the token stands, wherever it stands, even in
  /// a comment: once, on a line of its own, after the check.
  @Test func debhelpersPartComesAfterTheCheckOnly() throws {
    let lines = try String(contentsOfFile: Self.script, encoding: .utf8).split(separator: "\n")
    let tokens = lines.indices.filter { lines[$0].contains("#DEBHELPER#") }
    #expect(tokens.count == 1)
    let check = try #require(lines.firstIndex { $0.contains("nixie clock --check-board") })
    let token = try #require(tokens.first)
    #expect(lines[token] == "#DEBHELPER#")
    #expect(token > check)
  }

  /// The real nixie answers the script's command line as the script expects: 0 with a board,
  /// 1 without, 65 for a mistake in nixie.yaml or in the overrides file; a missing overrides
  /// file is none.
  @Test func theRealBinaryAnswersTheScriptsQuestion() throws {
    let folder = try NixieProcess.temporaryFolder()
    let config = folder.appendingPathComponent("nixie.yaml").path
    let overrides = folder.appendingPathComponent("overrides.yaml").path
    let ask = ["clock", "--check-board", "--config", config, "--overrides", overrides]
    let cases: [(config: String, overrides: String?, status: Int32)] = [
      ("board: hv5622-6xin14\n", nil, 0),
      ("# nothing chosen\n", nil, 1),
      ("board: hv5622-6xin14\ntimezone: [\n", nil, 65),
      ("board: hv5622-6xin14\n", "brightness: 1000\n", 65),
      ("board: hv5622-6xin14\n", "timezone: Asia/Kathmandu\n", 0),
    ]
    for item in cases {
      try item.config.write(toFile: config, atomically: true, encoding: .utf8)
      try? FileManager.default.removeItem(atPath: overrides)
      if let text = item.overrides { try text.write(toFile: overrides, atomically: true, encoding: .utf8) }
      let result = try NixieProcess.run(ask)
      #expect(result.status == item.status, "\(item): \(result.stderr)")
    }
  }
}
