import NixieBoardModel
import NixieDrivers
import NixiePictures
import Testing

/// The terminal view draws what the tubes show, at the brightness the eye would see.
struct TubeTerminalViewTests {
  static func view(colors: TerminalColors, columns: Int? = 120) throws -> (
    TubeTerminalView, TextBuffer, BoardProfile
  ) {
    let board = try Boards.reference()
    let buffer = TextBuffer()
    let view = TubeTerminalView(
      layout: board.layout, caption: board.name, colors: colors, columns: columns, start: 0
    ) { buffer.write($0) }
    return (view, buffer, board)
  }

  static func frame(_ board: BoardProfile, _ value: String, at time: UInt64) throws -> LatchedFrame {
    let state = try board.formatter.format(value)
    return LatchedFrame(time: time, outputs: board.outputs.encode(state), state: state)
  }

  @Test func monochromeDrawsTheLitWire() throws {
    let (view, buffer, board) = try Self.view(colors: .none)
    view.frameShown(try Self.frame(board, "1     ", at: 0))
    view.renderSteady(at: 0)
    let lines = buffer.text.split(separator: "\n").map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }
    #expect(lines.count == 7)
    #expect(lines[0].hasPrefix("╭───────╮ ╭───────╮"))
    #expect(lines[1].hasPrefix("│  ▄█   │ │       │     │"))
    #expect(lines[2].hasPrefix("│   █   │ │       │  ·  │"))
    #expect(lines[4].hasPrefix("│   ▀   │"))
    #expect(lines[6] == "hv5622-6xin14")
  }

  /// While the buzzer sounds a note follows the caption, in the picture and on the one-line
  /// view; silent, the caption is as it was.
  @Test func aSoundingBuzzerPutsANoteBesideTheCaption() throws {
    for columns in [120, 20] {
      let (view, buffer, board) = try Self.view(colors: .none, columns: columns)
      var sounding = true
      view.sounding = { _ in sounding }
      view.frameShown(try Self.frame(board, "1     ", at: 0))
      view.renderSteady(at: 0)
      let ringing = buffer.text.split(separator: "\n").last.map(String.init) ?? ""
      #expect(ringing.hasSuffix(" \u{266A}\u{1B}[K"), "\(columns) columns: \(ringing.debugDescription)")
      sounding = false
      view.renderSteady(at: 1_000_000_000)
      let silent = buffer.text.split(separator: "\n").last.map(String.init) ?? ""
      #expect(!silent.contains("\u{266A}"), "\(columns) columns: \(silent.debugDescription)")
    }
  }

  /// A backlight washes the glass, most at the base, and colours the tube's bottom edge; the
  /// top edge and a dark backlight leave the picture as it was.
  @Test func aBacklightTintsTheGlassFromBelow() throws {
    let (plain, plainBuffer, board) = try Self.view(colors: .trueColor)
    plain.frameShown(try Self.frame(board, "1     ", at: 0))
    plain.renderSteady(at: 0)
    let (lit, litBuffer, _) = try Self.view(colors: .trueColor)
    lit.backlight = { _ in BacklightColor(red: 0, green: 0, blue: 1) }
    lit.frameShown(try Self.frame(board, "1     ", at: 0))
    lit.renderSteady(at: 0)
    let (dark, darkBuffer, _) = try Self.view(colors: .trueColor)
    dark.backlight = { _ in .off }
    dark.frameShown(try Self.frame(board, "1     ", at: 0))
    dark.renderSteady(at: 0)
    let plainLines = plainBuffer.text.split(separator: "\n")
    let litLines = litBuffer.text.split(separator: "\n")
    #expect(darkBuffer.text == plainBuffer.text)
    #expect(litLines[0] == plainLines[0])
    // The frame colour (70, 70, 76) mixed 70 % towards blue at the bottom edge.
    #expect(litLines[5].hasPrefix("\u{1B}[38;2;21;21;201m╰"))
    #expect(plainLines[5].hasPrefix("\u{1B}[38;2;70;70;76m╰"))
    // The glass (16, 11, 10) at the base: 38 % of the way to blue.
    #expect(litLines[4].contains("48;2;9;6;103m"), "\(litLines[4])")
  }

  @Test func aStatusStandsBesideTheCaption() throws {
    let (view, buffer, board) = try Self.view(colors: .none)
    view.setStatus("step 3 of 64: tube 1: 3")
    view.frameShown(try Self.frame(board, "3     ", at: 0))
    view.renderSteady(at: 0)
    let lines = buffer.text.split(separator: "\n").map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }
    #expect(lines.last == "hv5622-6xin14 — step 3 of 64: tube 1: 3")
  }

  @Test func redrawingMovesBackOverThePreviousPicture() throws {
    let (view, buffer, board) = try Self.view(colors: .none)
    view.frameShown(try Self.frame(board, "1", at: 0))
    view.renderSteady(at: 0)
    buffer.text = ""
    view.frameShown(try Self.frame(board, "2", at: 1))
    view.renderSteady(at: 1)
    #expect(buffer.text.hasPrefix("\u{1B}[7F"))
  }

  @Test func anUnchangedPictureIsNotSentAgain() throws {
    let (view, buffer, board) = try Self.view(colors: .trueColor)
    view.frameShown(try Self.frame(board, "1", at: 0))
    view.renderSteady(at: 0)
    let first = buffer.text
    view.render(at: 40_000_000)
    view.renderSteady(at: 80_000_000)
    #expect(buffer.text == first)
  }

  @Test func aFadeDissolvesOverSuccessivePictures() throws {
    let (view, buffer, board) = try Self.view(colors: .trueColor)
    let one = try Self.frame(board, "1", at: 0)
    let two = try Self.frame(board, "2", at: 0)
    // A linear cross-fade over 10 pictures: in picture k, "2" is lit k/10 of each 5 ms period.
    var pictures: [String] = []
    for picture in 0..<10 {
      buffer.text = ""
      for period in 0..<7 {
        let start = UInt64(picture * 7 + period) * 5_000_000
        let share = UInt64(picture) * 500_000
        view.frameShown(LatchedFrame(time: start, outputs: two.outputs, state: two.state))
        view.frameShown(LatchedFrame(time: start + share, outputs: one.outputs, state: one.state))
      }
      view.render(at: UInt64(picture + 1) * 35_000_000)
      pictures.append(buffer.text)
    }
    // The top bar of a "2" (row 0, x 1–3) is not part of a "1": its red channel rises.
    func red(_ text: String) -> [Int] {
      text.matches(of: /38;2;(\d+);\d+;\d+m/).map { Int($0.1)! }
    }
    let reds = pictures.map { red($0).reduce(0, +) }
    #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 < $1 }, "\(reds)")
  }

  @Test func brightnessIsTheShareOfTimeLit() throws {
    let (view, buffer, board) = try Self.view(colors: .trueColor)
    // Tube 6 shows 8 half of the window, then nothing.
    view.frameShown(try Self.frame(board, "8", at: 0))
    view.frameShown(LatchedFrame(time: 10_000_000, outputs: OutputBits(count: 64), state: board.layout.blank))
    view.render(at: 20_000_000)
    let full = "38;2;255;150;48m"
    #expect(!buffer.text.contains(full))
    #expect(buffer.text.contains("38;2;"))
    buffer.text = ""
    view.frameShown(try Self.frame(board, "8", at: 20_000_000))
    view.render(at: 40_000_000)
    #expect(buffer.text.contains(full))
  }

  @Test func framesRedrawAtMostEveryRefreshInterval() throws {
    let (view, buffer, board) = try Self.view(colors: .trueColor)
    for step in 0..<100 {
      view.frameShown(try Self.frame(board, String(step / 10), at: UInt64(step) * 1_000_000))
    }
    let pictures = buffer.text.components(separatedBy: "hv5622-6xin14").count - 1
    #expect(pictures == 3)
    #expect(view.refreshInterval == 33_000_000)
  }

  @Test func narrowTerminalsGetOneLine() throws {
    let (view, buffer, board) = try Self.view(colors: .none, columns: 40)
    view.frameShown(try Self.frame(board, "12:34:56", at: 0))
    view.renderSteady(at: 0)
    #expect(buffer.text.replacingOccurrences(of: "\u{1B}[K", with: "") == "[1][2]:[3][4]:[5][6]\n")
  }

  @Test func colourModeFollowsTheEnvironment() {
    #expect(TerminalColors.detect { ["NO_COLOR": "1", "COLORTERM": "truecolor"][$0] } == .none)
    #expect(TerminalColors.detect { ["TERM": "dumb"][$0] } == .none)
    #expect(TerminalColors.detect { ["COLORTERM": "truecolor"][$0] } == .trueColor)
    #expect(TerminalColors.detect { ["TERM": "xterm-256color"][$0] } == .palette256)
  }
}
