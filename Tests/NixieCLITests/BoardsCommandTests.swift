import Foundation
import Testing

/// `nixie boards`, `nixie boards print`, `nixie boards check`.
struct BoardsCommandTests {
  @Test func listsTheBuiltInBoardsWithTheDefaultMarked() throws {
    let result = try NixieProcess.run(["boards"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("* hv5622-6xin14"))
    #expect(result.stdout.contains("  mcp23017-4xin12"))
    #expect(result.stdout.contains("6 tubes (IN-14), 2 separators, 2 × HV5622 over GPIO raspberry-pi"))
  }

  @Test func printsAProfileAndChecksIt() throws {
    let printed = try NixieProcess.run(["boards", "print", "mcp23017-4xin12"])
    #expect(printed.status == 0)
    let folder = try NixieProcess.temporaryFolder()
    let file = folder.appendingPathComponent("copy.yaml")
    try printed.stdout.write(to: file, atomically: true, encoding: .utf8)
    let checked = try NixieProcess.run(["boards", "check", file.path])
    #expect(checked.status == 0)
    #expect(checked.stdout.contains("ok: mcp23017-4xin12"))
  }

  @Test func checkReportsTheFirstProblemWithExit65() throws {
    let folder = try NixieProcess.temporaryFolder()
    let file = folder.appendingPathComponent("bad.yaml")
    try "name: x\nchips: {model: HV5622}\ngpio: {chip: c, din: 1, clk: 1, le: 3}\ndisplay: []\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try NixieProcess.run(["boards", "check", file.path])
    #expect(result.status == 65)
    #expect(result.stderr.contains(":3:"))
    #expect(result.stderr.contains("GPIO 1 of c is already used for din"))
    let missing = try NixieProcess.run(["boards", "check", "/nonexistent.yaml"])
    #expect(missing.status == 65)
    let unknown = try NixieProcess.run(["boards", "print", "nosuch"])
    #expect(unknown.status == 2)
  }

  @Test func helpExitsZero() throws {
    let result = try NixieProcess.run(["--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Exit codes"))
    // Every code nixie can exit with is named (help wraps lines: compare without them).
    let text = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for code in [
      "0 success", "1 cancelled", "2 bad usage", "65 bad configuration", "69 hardware", "70 internal",
      "74 output error", "75 busy",
    ] {
      #expect(text.contains(code), "\(code) in \(text)")
    }
  }
}
