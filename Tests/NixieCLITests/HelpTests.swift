import ArgumentParser
import Foundation
import Testing

@testable import NixieCLI

/// Every command's help ends with examples, and every example is a command line the parser
/// accepts as written.
struct HelpTests {
  /// `nixie` and every command under it, found from the parser's own tree (so a new command
  /// cannot be missed).
  static let commands: [any ParsableCommand.Type] = walk(Nixie.self)

  static func walk(_ command: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
    [command] + command.configuration.subcommands.flatMap(walk)
  }

  /// The example command lines of `command`'s help: lines that start with `nixie `, without
  /// those that need a shell (pipes, substitutions, redirections).
  static func examples(of command: any ParsableCommand.Type) -> [[String]] {
    let help = Nixie.helpMessage(for: command, columns: 400)
    guard let section = help.components(separatedBy: "EXAMPLES:").dropFirst().first else { return [] }
    return section.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { $0.hasPrefix("nixie ") && !$0.contains("|") && !$0.contains("$(") && !$0.contains(">") }
      .map(words)
  }

  /// Shell words: split at spaces outside single or double quotes.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quote: Character?
    for character in line {
      if let open = quote {
        if character == open { quote = nil } else { word.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == " " {
        if !word.isEmpty { words.append(word) }
        word = ""
      } else {
        word.append(character)
      }
    }
    if !word.isEmpty { words.append(word) }
    return words
  }

  /// The commands by identity (a closure in `@Test(arguments:)` crashes Swift 6.0.3's compiler).
  static let commandIDs = commands.map { ObjectIdentifier($0) }

  @Test(arguments: commandIDs)
  func everyCommandsHelpHasExamples(_ id: ObjectIdentifier) throws {
    let command = try #require(Self.commands.first { ObjectIdentifier($0) == id })
    #expect(Nixie.helpMessage(for: command).contains("EXAMPLES:"), "\(command)")
  }

  @Test func everyExampleParses() throws {
    var checked = 0
    for command in Self.commands {
      for example in Self.examples(of: command) {
        do {
          _ = try Nixie.parseAsRoot(Array(example.dropFirst()))
          checked += 1
        } catch {
          Issue.record("'\(example.joined(separator: " "))': \(Nixie.message(for: error))")
        }
      }
    }
    #expect(checked >= 20, "only \(checked) examples found")
  }
}

/// Output for scripts: `--json` is one JSON document.
struct JSONOutputTests {
  @Test func boardsListsEveryBuiltInBoardAsJSON() throws {
    let result = try NixieProcess.run(["boards", "--json"])
    #expect(result.status == 0)
    let boards = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    #expect(boards.compactMap { $0["name"] as? String }.contains("mcp23017-4xin12"))
    #expect(boards.filter { $0["default"] as? Bool == true }.count == 1)
    let mcp = try #require(boards.first { $0["name"] as? String == "mcp23017-4xin12" })
    #expect(
      mcp["tubes"] as? Int == 4 && mcp["transport"] as? String == "i2c"
        && mcp["device"] as? String == "/dev/i2c-1")
  }

  @Test func doctorReportsItsFindingsAndVersionAsJSON() throws {
    let result = try NixieProcess.run(["doctor", "--board", "hv5622-6xin14", "--json"])
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(report["nixie"] as? String == NixieVersion.current)
    #expect(report["board"] as? String == "hv5622-6xin14")
    let findings = try #require(report["findings"] as? [[String: Any]])
    #expect(findings.allSatisfy { ["ok", "warning", "problem"].contains($0["status"] as? String ?? "") })
    #expect(
      (report["problems"] as? Int ?? -1) == findings.filter { $0["status"] as? String == "problem" }.count)
    #expect(result.status == ((report["problems"] as? Int ?? 0) > 0 ? 69 : 0))
  }

  /// Without a board, `--json` still reports this machine's facts as JSON, with the finding
  /// that no board is chosen and how to choose one (and exit 2, as without `--json`).
  @Test func doctorWithoutABoardReportsTheMachineAsJSON() throws {
    let folder = try NixieProcess.temporaryFolder()
    let config = folder.appendingPathComponent("nixie.yaml").path
    try "# nothing\n".write(toFile: config, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(["doctor", "--config", config, "--json"])
    #expect(result.status == 2, "\(result.stderr)")
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    #expect(report["nixie"] as? String == NixieVersion.current)
    #expect(report["board"] is NSNull)
    let machine = try #require(report["machine"] as? [String: Any])
    #expect((machine["libgpiod"] as? String)?.isEmpty == false)
    #expect(machine["gpio_chips"] is [Any] && machine["groups"] is [String])
    #expect(machine["spi"] is [String] && machine["i2c"] is [String])
    let findings = try #require(report["findings"] as? [[String: Any]])
    let board = try #require(findings.last)
    #expect(board["status"] as? String == "problem" && board["message"] as? String == "no board chosen")
    #expect((board["fix"] as? String)?.contains("--board NAME") == true)
  }

  @Test func doctorWithoutABoardAsksWhichOne() throws {
    let folder = try NixieProcess.temporaryFolder()
    let config = folder.appendingPathComponent("nixie.yaml").path
    try "# nothing\n".write(toFile: config, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(["doctor", "--config", config])
    #expect(result.status == 2)
    #expect(result.stderr.contains("which board? give --board NAME"))
  }
}
