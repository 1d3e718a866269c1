import Foundation
import NixieBoards
import NixieClock
import NixieClockSettings
import NixieControl
import NixieText
import NixieTransitions
import NixieWeb
import Testing

/// Tube care on the page: `/api/wear` forwards the clock's `wear` request and answers its
/// count as `nixie wear --json` prints it; a clock that counts nothing is a 422 with its
/// message, so the page hides the section.
struct WearWebTests {
  /// A web app in front of the clock's own request handler on hv5622-6xin14, its count `wear`.
  static func app(wear: CathodeWear?) throws -> WebApp {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    var counting: (@Sendable () -> CathodeWear)? = nil
    if let wear { counting = { wear } }
    let report = ClockStateReport(
      board: board, status: ClockStatus(), editor: nil, frames: nil, timing: { nil }, wear: counting)
    let handler = ControlRequestHandler(formatter: board.formatter, inbox: ClockInbox(), report: report)
    return WebApp(
      configuration: WebConfiguration(), clock: BacklightWebTests.HandlerLink(handler: handler),
      random: { Array(repeating: 7, count: $0) })
  }

  static func get(_ app: WebApp, _ path: String) -> (Int?, String) {
    let response = WebAppTests.response(app.respond(to: WebAppTests.request("GET", path), from: "a", at: 0))
    return (response?.status.code, WebAppTests.text(response))
  }

  @Test func theCountIsAnsweredAsNixieWearPrintsIt() throws {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    var wear = CathodeWear(layout: board.layout)
    let one = try #require(board.layout.positions[0].model.index(of: .digit(1)))
    let two = try #require(board.layout.positions[0].model.index(of: .digit(2)))
    wear[0, one] = 7_200_000_000_000
    wear[0, two] = 3_600_000_000_000
    let (status, body) = Self.get(try Self.app(wear: wear), "/api/wear")
    #expect(status == 200)
    let answer = try JSONReader.read(Array(body.utf8))
    guard case .array(let tubes)? = answer["tubes"] else {
      Issue.record("no tubes in \(body)")
      return
    }
    #expect(tubes.count == board.layout.positions.count)
    #expect(tubes[0]["cathodes"]?["1"]?.double == 7200)
    #expect(tubes[0]["cathodes"]?["2"]?.double == 3600)
    #expect(tubes[0]["seconds"]?.double == 10_800)
    // What `nixie wear --json` prints of the same count, member for member.
    let printed = try JSONReader.read(Array(WearReport.json(wear, layout: board.layout).utf8))
    #expect(answer == printed)
  }

  @Test func aClockThatCountsNothingIsRefusedWithItsMessage() throws {
    let (status, body) = Self.get(try Self.app(wear: nil), "/api/wear")
    #expect(status == 422)
    #expect(body.contains("this clock does not count its tubes' glow"), "\(body)")
  }

  @Test func thePageHasTheSectionHiddenUntilTheCountArrives() throws {
    let (_, page) = Self.get(try Self.app(wear: nil), "/")
    #expect(page.contains(#"<section id="wear-section" hidden>"#))
    let (_, script) = Self.get(try Self.app(wear: nil), "/app.js")
    #expect(script.contains(#"fetch("/api/wear""#))
  }
}
