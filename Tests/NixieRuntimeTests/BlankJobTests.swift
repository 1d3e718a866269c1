import NixieBackend
import NixieBoardModel
import NixieCore
import NixieRuntime
import NixieSystem
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

  /// A buzzer left sounding is silenced: its line is asked for (a request sets it inactive)
  /// once, and given back with the board.
  @Test func aBoardsBuzzerIsSilencedToo() throws {
    let backend = RecordingBackend()
    let job = BlankJob(
      setup: BoardSetup(choice: BoardChoice(board: "ncs314"), backends: backend),
      notice: { Issue.record("unexpected notice: \($0)") })
    #expect(try job.run() == .blanked("ncs314"))
    let opened = try #require(backend.opened.first)
    #expect(opened.recorder.blanks == 1)
    let buzzer = try #require(opened.board.buzzer)
    #expect(opened.buzzerRequests == [buzzer])
    #expect(opened.released)
  }

  /// A buzzer line that cannot be had is said, and the blank still succeeds: the tubes are dark.
  @Test func aBuzzerThatCannotBeHadIsSaidAndTheTubesAreStillDark() throws {
    let backend = RecordingBackend()
    var notices: [String] = []
    let blanked = BlankJob(
      setup: BoardSetup(choice: BoardChoice(board: "ncs314"), backends: RefusingBuzzer(backend)),
      notice: { notices.append($0) })
    #expect(try blanked.run() == .blanked("ncs314"))
    let opened = try #require(backend.opened.first)
    #expect(opened.recorder.blanks == 1)
    #expect(notices == ["ncs314: the buzzer may still sound: line 17 is busy"], "\(notices)")
  }

  /// The recording backend, its boards refusing the buzzer's line.
  final class RefusingBuzzer: BoardBackend, BackendFactory {
    let backend: RecordingBackend
    init(_ backend: RecordingBackend) { self.backend = backend }
    var missingInput: String? { nil }
    func backend(for choice: BoardChoice) throws(NixieError) -> (backend: any BoardBackend, notice: String?) {
      (self, nil)
    }
    func open(_ profile: BoardProfile, clock: MonotonicClock) throws(NixieError) -> any OpenBoard {
      let opened = try backend.open(profile, clock: clock)
      (opened as? InjectedBackendTests.RecordingBoard)?.buzzerRefusal = "line 17 is busy"
      return opened
    }
    func clock(unpaced: Bool) -> MonotonicClock { SystemClock() }
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
