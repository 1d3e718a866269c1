import NixieCore
import NixieRuntime
import Testing

/// `BlankJob` on the backend it is handed (issue 34): the chosen board opened, its driver
/// blanked once — the tubes dark and their supply off — and given back; without a chosen
/// board nothing is asked of the backend at all.
struct BlankJobTests {
  typealias RecordingBackend = InjectedBackendTests.RecordingBackend

  @Test func theChosenBoardIsBlankedOnceAndGivenBack() throws {
    let backend = RecordingBackend()
    backend.notice = "a word from the backend"
    var notices: [String] = []
    let job = BlankJob(
      setup: BoardSetup(choice: BoardChoice(board: InjectedBackendTests.board), backends: backend),
      notice: { notices.append($0) })
    #expect(try job.run() == .blanked(InjectedBackendTests.board))
    #expect(backend.choices == [InjectedBackendTests.board])
    #expect(notices == ["a word from the backend"])
    let opened = try #require(backend.opened.first)
    #expect(backend.opened.count == 1)
    #expect(opened.recorder.blanks == 1)
    #expect(opened.frames.allSatisfy { $0 == opened.board.layout.blank }, "\(opened.frames)")
    #expect(opened.released)
  }

  @Test func withoutAChosenBoardNothingIsOpened() throws {
    let backend = RecordingBackend()
    let job = BlankJob(
      setup: BoardSetup(choice: BoardChoice(board: nil), backends: backend),
      notice: { Issue.record("unexpected notice: \($0)") })
    #expect(try job.run() == .noBoard)
    #expect(backend.choices.isEmpty && backend.opened.isEmpty)
  }

  /// An unknown board is bad usage, before anything is opened.
  @Test func anUnknownBoardIsBadUsageBeforeAnythingIsOpened() throws {
    let backend = RecordingBackend()
    let job = BlankJob(
      setup: BoardSetup(choice: BoardChoice(board: "no-such-board"), backends: backend), notice: { _ in })
    #expect {
      try job.run()
    } throws: { error in
      (error as? NixieError)?.kind == .badUsage
    }
    #expect(backend.opened.isEmpty)
  }
}
