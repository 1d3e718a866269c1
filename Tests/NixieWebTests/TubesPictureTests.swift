import Foundation
import NixieBoardModel
import NixieBoards
import NixieClock
import NixieControl
import NixieSystem
import NixieText
import Testing

@testable import NixieWeb

/// `/tubes.svg` is drawn from the layout the clock reports in its state, so a board file of the
/// user's own gets its tubes as a built-in one does, and a clock restarted on another board
/// gets a new picture.
struct TubesPictureTests {
  /// A board file of the user's own (no built-in one has this layout), shared with the browser
  /// test: two IN-12A behind decoders and an INS-1 with only its upper dot wired.
  static let customBoardPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Boards/my-clock.yaml")

  /// A clock on `board` answering `state` as the control socket does (`ClockStateReport`).
  static func stateAnswer(_ board: BoardProfile) -> Result<JSONValue, ControlClient.Failure> {
    let state = ClockStateReport(
      board: board, status: ClockStatus(), editor: nil, frames: nil, timing: { nil })
    guard let value = try? JSONReader.read(Array(state.json().utf8)) else { return .failure(.refused("?")) }
    return .success(.object([("ok", .bool(true)), ("state", value)]))
  }

  static func count(_ needle: String, in text: String) -> Int {
    text.split(separator: needle, omittingEmptySubsequences: false).count - 1
  }

  @Test func theTubesOfAnyBoardAreDrawnFromTheLayoutTheClockReports() throws {
    let yaml = try String(contentsOf: Self.customBoardPath, encoding: .utf8)
    let custom = try BoardCatalog.parse(yaml, file: "my-clock.yaml")
    let builtIn = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    let current = Locked(custom)
    let clock = WebAppTests.FakeClock { request in
      request == .state ? Self.stateAnswer(current.withLock { $0 }) : .failure(.refused("no"))
    }
    let app = try WebAppTests.app(clock: clock)
    func picture() -> HTTPResponse? {
      WebAppTests.response(app.respond(to: WebAppTests.request("GET", "/tubes.svg"), from: "a", at: 0))
    }
    let first = picture()
    #expect(first?.status == .ok)
    #expect(first?.headers.contains(HTTPRequest.Header(name: "Content-Type", value: "image/svg+xml")) == true)
    let drawn = WebAppTests.text(first)
    #expect(Self.count(#"<g class="position tube""#, in: drawn) == 2)
    #expect(Self.count(#"<g class="position separator""#, in: drawn) == 1)
    #expect(drawn.contains(#"<g class="position separator" data-p="1">"#))
    // Only what the board wires: the colon's upper dot, each tube's ten digits.
    #expect(drawn.contains(#"class="lit" data-p="1" data-name="upper""#))
    #expect(!drawn.contains(#"data-name="lower""#))
    #expect(Self.count(#"class="lit" data-p="2" data-name=""#, in: drawn) == 10)
    // Asked again, the same board: the same picture.
    #expect(WebAppTests.text(picture()) == drawn)
    // The clock restarted on another board: a new picture, not the cached one.
    current.withLock { $0 = builtIn }
    let redrawn = WebAppTests.text(picture())
    #expect(Self.count(#"<g class="position tube""#, in: redrawn) == 6)
    #expect(Self.count(#"<g class="position separator""#, in: redrawn) == 2)
    #expect(redrawn.contains(#"data-name="lower""#))
    #expect(clock.seen == [.state, .state, .state])
  }

  @Test func aLayoutThisWebPageCannotDrawIsSaid() throws {
    let layout = JSONValue.array([
      .object([
        ("name", .string("tube 1")), ("model", .string("IN-99")), ("kind", .string("tube")),
        ("wired", .array([.string("1")])),
      ])
    ])
    let clock = WebAppTests.FakeClock { _ in
      .success(.object([("ok", .bool(true)), ("state", .object([("layout", layout)]))]))
    }
    let app = try WebAppTests.app(clock: clock)
    let response = WebAppTests.response(
      app.respond(to: WebAppTests.request("GET", "/tubes.svg"), from: "a", at: 0))
    #expect(response?.status.code == 502)
    #expect(WebAppTests.text(response).contains("tube model 'IN-99', which this nixie web does not know"))
  }
}
