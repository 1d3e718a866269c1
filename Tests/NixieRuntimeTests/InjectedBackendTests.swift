import NixieBackend
import NixieBoardModel
import NixieCore
import NixieDisplay
import NixieDrivers
import NixieInput
import NixieRuntime
import NixieSystem
import NixieTransitions
import NixieTransports
import Testing

/// The jobs are handed their backend (gpiozero's pin factory, injected): a backend of the
/// test's own — neither the hardware nor the simulator — is asked for the board the job chose,
/// opens it, has the job's frames written to its driver, and is given back; what it says
/// reaches the user.
struct InjectedBackendTests {
  /// A backend that opens every board as a `RecordingBoard` and keeps what it was asked.
  final class RecordingBackend: BoardBackend, BackendFactory {
    var missingInput: String?
    var notice: String?
    private(set) var choices: [String?] = []
    private(set) var opened: [RecordingBoard] = []

    func backend(for choice: BoardChoice) throws(NixieError) -> (backend: any BoardBackend, notice: String?) {
      choices.append(choice.board)
      return (self, notice)
    }

    func open(_ profile: BoardProfile, clock: MonotonicClock) throws(NixieError) -> any OpenBoard {
      let board = RecordingBoard(board: profile, clock: clock)
      opened.append(board)
      return board
    }

    func clock(unpaced: Bool) -> MonotonicClock { SystemClock() }
  }

  /// A board whose driver keeps every frame written; it has no lines but the buzzer's, which it
  /// records being asked for, no picture, no input.
  final class RecordingBoard: OpenBoard {
    let board: BoardProfile
    let recorder: RecordingDriver
    private(set) var started = false
    private(set) var released = false
    /// The buzzer lines asked for, in order.
    private(set) var buzzerRequests: [BuzzerWiring] = []
    /// Why asking for the buzzer's line fails; nil: it does not.
    var buzzerRefusal: String?

    init(board: BoardProfile, clock: MonotonicClock) {
      self.board = board
      self.recorder = RecordingDriver(clock: clock)
    }

    var driver: any DisplayDriver { recorder }
    func start() throws(NixieError) { started = true }
    func release() { released = true }
    var backlightLines: GPIOLines? { nil }
    var lineWriteCount: Int { 0 }
    var tracedRoles: [LineRole] { [] }
    var tracedLevels: LineSet { [] }
    var wiringComment: String { "recorded" }
    func addLineObserver(_ observer: LineObserver) {}
    func addFrameObserver(_ observer: FrameObserver) {}
    var drawsPicture: Bool { false }
    var backlightReadBack: ((UInt64) -> BacklightColor)? { nil }
    var buzzerReadBack: ((UInt64) -> Bool)? { nil }
    func openKnob(_ encoder: EncoderWiring) throws(NixieError) -> LineInput? { nil }
    func openButtons(_ buttons: [ButtonWiring]) throws(NixieError) -> LineInput? { nil }
    func openPresence(_ presence: PresenceWiring) throws(NixieError) -> LineInput? { nil }
    func openBuzzer(_ buzzer: BuzzerWiring) throws(NixieError) -> GPIOLines {
      if let buzzerRefusal { throw NixieError(.unavailable, buzzerRefusal) }
      buzzerRequests.append(buzzer)
      return SilentLines()
    }

    /// The frames written, each once in a row.
    var frames: [DisplayState] {
      recorder.frames.map(\.frame).reduce(into: []) { kept, frame in
        if kept.last != frame { kept.append(frame) }
      }
    }
  }

  static let board = "hv5622-6xin14"

  /// Lines that take every write and go nowhere.
  final class SilentLines: GPIOLines {
    func set(_ lines: LineSet, to levels: LineSet) throws {}
  }

  @Test func showDrivesTheBackendItIsHanded() throws {
    let backend = RecordingBackend()
    backend.notice = "a word from the backend"
    var notices: [String] = []
    let job = ShowJob(
      setup: BoardSetup(choice: BoardChoice(board: Self.board), backends: backend), value: "12:34",
      from: "9", options: FormatOptions(), transition: .none, brightness: 1, hold: nil, json: nil,
      notice: { notices.append($0) })
    try job.run()

    #expect(backend.choices == [Self.board])
    #expect(notices == ["a word from the backend"])
    let opened = try #require(backend.opened.first)
    #expect(backend.opened.count == 1)
    #expect(opened.started && opened.released)
    let profile = try BoardChoice(board: Self.board).loadProfile()
    let expected = [try profile.formatter.format("9"), try profile.formatter.format("12:34")]
    #expect(opened.frames == expected)
  }

  @Test func theTestPatternLightsEachCathodeOnTheBackendItIsHanded() throws {
    let backend = RecordingBackend()
    let job = TestPatternJob(
      setup: BoardSetup(choice: BoardChoice(board: Self.board), backends: backend), step: 0,
      labels: nil, warning: { Issue.record("unexpected warning: \($0)") })
    try job.run()

    let opened = try #require(backend.opened.first)
    let layout = opened.board.layout
    #expect(opened.frames == layout.testPattern.map(\.state) + [layout.blank])
    #expect(opened.released)
  }

  /// What the backend needs before it reads a knob is the job's refusal, before any board is
  /// opened.
  @Test func selectionAsksTheBackendWhatItNeeds() throws {
    let backend = RecordingBackend()
    backend.missingInput = "this backend reads no knob"
    let job = SelectionJob(
      setup: BoardSetup(choice: BoardChoice(board: Self.board), backends: backend),
      spinner: try Spinner(values: ["a", "b"]), timeout: nil, events: nil, notice: { _ in })
    #expect {
      _ = try job.run()
    } throws: { error in
      let error = error as? NixieError
      return error?.kind == .badUsage
        && error?.message == "this backend reads no knob (see 'nixie select --help')"
    }
    #expect(backend.opened.isEmpty)
  }
}
