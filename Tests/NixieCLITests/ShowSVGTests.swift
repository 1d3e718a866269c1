import Foundation
import Testing

/// `nixie show --svg`: the picture of the tubes, written without touching a board, and the
/// README's picture (docs/images/clock.svg) kept current.
struct ShowSVGTests {
  static let readmePicture = URL(fileURLWithPath: #filePath)
    .appendingPathComponent("../../../docs/images/clock.svg").standardizedFileURL

  /// The command that makes the README's picture.
  static let readmeArguments = ["show", "--board", "hv5622-6xin14", "--svg", "-", "12:34:56"]

  @Test func theReadmePictureIsWhatTheRendererDrawsToday() throws {
    let result = try NixieProcess.run(Self.readmeArguments)
    #expect(result.status == 0, "\(result.stderr)")
    let committed = try String(contentsOf: Self.readmePicture, encoding: .utf8)
    #expect(
      committed == result.stdout,
      "docs/images/clock.svg is stale: regenerate it with nixie \(Self.readmeArguments.joined(separator: " ")) > docs/images/clock.svg"
    )
  }

  @Test func aFileIsWrittenAndNoBoardIsTouched() throws {
    let folder = try NixieProcess.temporaryFolder()
    let file = folder.appendingPathComponent("tubes.svg")
    // The hardware backend would fail here (no GPIO chip): --svg never opens it.
    let result = try NixieProcess.run([
      "show", "--board", "hv5622-6xin14", "--backend", "hardware", "--brightness", "40", "--svg", file.path,
      "42",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let svg = try String(contentsOf: file, encoding: .utf8)
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains("<title>nixie tubes:       42</title>"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["tubes.svg"])
  }

  @Test(arguments: [
    (["--svg", "/nonexistent-folder/tubes.svg", "42"], 2, "--svg /nonexistent-folder/tubes.svg: "),
    (["--svg", "-", "--hold", "1", "42"], 2, "--svg draws one value"),
    (["--svg", "-", "1234567"], 2, "needs 7 tubes"),
  ])
  func mistakesAreSaidAndNothingIsWritten(_ arguments: [String], _ status: Int32, _ message: String) throws {
    let result = try NixieProcess.run(["show", "--board", "hv5622-6xin14"] + arguments)
    #expect(result.status == status)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }
}
