import Foundation
import Testing

/// The README's commands, run in order as a new user would type them: every `sh` block, each
/// line with the exit status its comment promises (`# exit N`, else 0). A block is marked by an
/// HTML comment on the line before its fence: `<!-- walk: skip — why -->` (it needs a Pi or
/// the installed service) or `<!-- walk: stop after N s -->` (it runs until stopped: each
/// command gets SIGTERM after N seconds and must exit 0, as the clock does).
@Suite(.serialized)
struct ReadmeWalkTests {
  struct Block: Equatable {
    enum Marker: Equatable {
      case run
      case skip(String)
      case stopAfter(Int)
    }

    var line: Int
    var marker: Marker
    var commands: [(line: Int, text: String)]

    static func == (lhs: Block, rhs: Block) -> Bool {
      lhs.line == rhs.line && lhs.marker == rhs.marker && lhs.commands.map(\.text) == rhs.commands.map(\.text)
    }
  }

  enum WalkError: Error, CustomStringConvertible {
    case badMarker(line: Int, text: String)
    case unclosedBlock(line: Int)
    var description: String {
      switch self {
      case .badMarker(let line, let text): "README.md:\(line): unknown walk marker \(text)"
      case .unclosedBlock(let line): "README.md:\(line): a code block is never closed"
      }
    }
  }

  /// The `sh` blocks of `text`, with their markers.
  static func blocks(in text: String) throws -> [Block] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      let fence = lines[index].trimmingCharacters(in: .whitespaces)
      guard fence.hasPrefix("```") else {
        index += 1
        continue
      }
      let start = index
      var marker = Block.Marker.run
      if start > 0, lines[start - 1].hasPrefix("<!-- walk:") {
        marker = try Self.marker(lines[start - 1], line: start)
      }
      var commands: [(line: Int, text: String)] = []
      index += 1
      while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        let command = lines[index].trimmingCharacters(in: .whitespaces)
        if !command.isEmpty && !command.hasPrefix("#") { commands.append((index + 1, command)) }
        index += 1
      }
      guard index < lines.count else { throw WalkError.unclosedBlock(line: start + 1) }
      index += 1
      if fence == "```sh" { blocks.append(Block(line: start + 1, marker: marker, commands: commands)) }
    }
    return blocks
  }

  static func marker(_ text: String, line: Int) throws -> Block.Marker {
    var body = text.dropFirst("<!-- walk:".count).trimmingCharacters(in: .whitespaces)
    if body.hasSuffix("-->") { body = String(body.dropLast(3)).trimmingCharacters(in: .whitespaces) }
    if body.hasPrefix("skip") { return .skip(body) }
    let words = body.split(separator: " ")
    if words.count >= 4, words[0] == "stop", words[1] == "after", let seconds = Int(words[2]), words[3] == "s"
    {
      return .stopAfter(seconds)
    }
    throw WalkError.badMarker(line: line, text: text)
  }

  /// The exit status a command's comment promises (`# exit N`), else 0.
  static func expectedStatus(_ command: String) -> Int {
    guard let comment = command.range(of: "# exit ") else { return 0 }
    return Int(command[comment.upperBound...].prefix { $0.isNumber }) ?? 0
  }

  /// A bash script that runs `blocks` in order and stops at the first surprise, naming its line.
  static func script(for blocks: [Block], root: String) -> String {
    var script = "cd \"$WALK_DIR\"\n"
    for block in blocks {
      var background: [Int] = []
      for (line, text) in block.commands {
        var command = text.replacingOccurrences(of: "swift run nixie", with: "nixie")
          .replacingOccurrences(of: "./Scripts/", with: "\(root)/Scripts/")
        if case .stopAfter(let seconds) = block.marker {
          // The command that runs until stopped is the last of an && chain.
          var parts = command.components(separatedBy: " && ")
          parts[parts.count - 1] = "timeout --preserve-status -s TERM \(seconds) " + parts[parts.count - 1]
          command = parts.joined(separator: " && ")
        }
        let quoted = text.replacingOccurrences(of: "'", with: "'\\''")
        if command.hasSuffix("&") {
          background.append(line)
          script += """
            \(command)
            pid\(line)=$!
            for _ in $(seq 300); do [ -S "$XDG_RUNTIME_DIR/nixie/control.sock" ] && break; sleep 0.1; done

            """
          continue
        }
        let expected = expectedStatus(text)
        script += """
          \(command)
          status=$?
          if [ "$status" -ne \(expected) ]; then
            echo 'README.md:\(line): exit '"$status"', expected \(expected): \(quoted)' >&2; exit 1
          fi

          """
      }
      for line in background {
        script += """
          kill -TERM "$pid\(line)"; wait "$pid\(line)"; status=$?
          if [ "$status" -ne 0 ]; then echo 'README.md:\(line): the background command exited '"$status" >&2; exit 1; fi

          """
      }
    }
    return script + "echo walked\n"
  }

  static var readme: String {
    get throws {
      try String(contentsOf: SystemdUnitTests.root.appendingPathComponent("README.md"), encoding: .utf8)
    }
  }

  @Test func theQuickStartIsTwoCommandsAndTheFirstRunsTheClockOnTheSimulator() throws {
    let blocks = try Self.blocks(in: Self.readme)
    #expect(blocks.count >= 2)
    #expect(blocks.first?.commands.map(\.text) == ["./Scripts/setup && swift run nixie clock --backend sim"])
    #expect(blocks.dropFirst().first?.commands.map(\.text) == ["./Scripts/test"])
  }

  @Test func theParserReadsMarkersStatusesAndOnlyShellBlocks() throws {
    let text = """
      <!-- walk: stop after 2 s -->
      ```sh
      nixie clock   # runs
      ```
      ```yaml
      board: x
      ```
      <!-- walk: skip — needs a Pi -->
      ```sh
      # a comment
      sudo reboot
      ```
      ```sh
      nixie show -5     # exit 2: no minus
      ```
      """
    let blocks = try Self.blocks(in: text)
    #expect(blocks.map(\.marker) == [.stopAfter(2), .skip("skip — needs a Pi"), .run])
    #expect(blocks.map { $0.commands.map(\.line) } == [[3], [11], [14]])
    #expect(blocks.map { $0.commands.map { Self.expectedStatus($0.text) } } == [[0], [0], [2]])
    #expect(throws: WalkError.self) { try Self.blocks(in: "<!-- walk: sometimes -->\n```sh\nx\n```") }
    #expect(throws: WalkError.self) { try Self.blocks(in: "```sh\nnixie show 1\n") }
  }

  @Test func theReadmesCommandsWorkInOrder() throws {
    // The quick start's second block is the test command that runs this walk.
    let blocks = try Self.blocks(in: Self.readme).enumerated().filter { $0.offset != 1 }.map(\.element)
    let walked = blocks.filter { if case .skip = $0.marker { false } else { true } }
    #expect(walked.flatMap(\.commands).count >= 15, "the walk lost its commands")
    let folder = try NixieProcess.temporaryFolder()
    let bin = folder.appendingPathComponent("bin")
    let runtime = folder.appendingPathComponent("run")
    for path in [bin, runtime] {
      try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
    }
    try FileManager.default.createSymbolicLink(
      at: bin.appendingPathComponent("nixie"), withDestinationURL: NixieProcess.binary)
    let scriptFile = folder.appendingPathComponent("walk.sh")
    try Self.script(for: walked, root: SystemdUnitTests.root.path).write(
      to: scriptFile, atomically: true, encoding: .utf8)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    // Bounded: a command that hangs fails the walk after ten minutes instead of hanging CI.
    let result = try NixieProcess.run(
      ["600", "/bin/bash", scriptFile.path],
      environment: [
        "PATH": "\(bin.path):\(path)", "WALK_DIR": folder.path, "XDG_RUNTIME_DIR": runtime.path,
        "HOME": folder.path,
      ],
      executable: URL(fileURLWithPath: "/usr/bin/timeout"))
    #expect(result.status == 0 && result.stdout.hasSuffix("walked\n"), "\(result.stderr)")
  }
}
