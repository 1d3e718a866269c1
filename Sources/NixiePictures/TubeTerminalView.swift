import NixieBoardModel
import NixieDisplay
import NixieDrivers
import NixieSystem

/// The tubes drawn in a terminal: warm orange wire on dark glass, the unlit cathodes as dim
/// ghosts behind, a faint glow around what is lit.
///
/// It watches frames as they reach the simulated tubes and shows each cathode at the
/// brightness the eye would see: the share of time it was lit since the last picture. So a
/// PWM cross-fade dissolves on screen as it would on glass, and PWM dimming looks dim.
/// Pictures are redrawn in place as frames arrive, at most every `refreshInterval` (about 30
/// a second during a fade); a picture identical to the one on screen is not sent again.
/// `render(at:)` forces one, and `renderSteady(at:)` draws what is lit at that instant at
/// full brightness (when a fade has settled, and at the end of a run).
///
/// Not thread-safe by itself: call it from one thread at a time — the frame scheduler's
/// while it runs (frames arrive there), the owner's after the scheduler has stopped.
public final class TubeTerminalView: FrameObserver {
  private let layout: DisplayLayout
  private let caption: String
  private let colors: TerminalColors
  private let emit: (String) -> Void
  public let refreshInterval: UInt64
  private let compact: Bool

  private var current: DisplayState
  private var currentSince: UInt64
  private var windowStart: UInt64
  /// Nanoseconds each cathode was lit in the current window, per position.
  private var onTime: [[UInt64]]
  private var drawnLines = 0
  private var shown: [String] = []
  /// A line under the caption (the test pattern's step), set from any thread.
  private let status = Locked("")
  /// The light under the tubes at a time, on boards with a backlight: the glass is tinted
  /// with it, most at the bottom where the LEDs sit. Set it before the first picture.
  public var backlight: ((UInt64) -> BacklightColor)?
  /// Whether the board's buzzer sounds at a time: a note beside the caption while it does. Set
  /// it before the first picture.
  public var sounding: ((UInt64) -> Bool)?
  /// The buzzer sounds in the picture being drawn.
  private var ringing = false
  /// The note shown beside the caption while the buzzer sounds.
  public static let note = "\u{266A}"
  /// The backlight of the picture being drawn, as a screen colour; nil when dark.
  private var wash: TerminalColors.RGB?

  /// A view of `layout` that writes pictures through `emit`. `columns` is the terminal's width:
  /// when the tubes do not fit, a one-line view replaces the picture.
  public init(
    layout: DisplayLayout, caption: String, colors: TerminalColors, columns: Int?,
    start: UInt64, refreshInterval: UInt64 = 33_000_000, emit: @escaping (String) -> Void
  ) {
    self.layout = layout
    self.caption = caption
    self.colors = colors
    self.emit = emit
    self.refreshInterval = refreshInterval
    self.current = layout.blank
    self.currentSince = start
    self.windowStart = start
    self.onTime = layout.positions.map { Array(repeating: 0, count: $0.model.cathodes.count) }
    let width = layout.positions.reduce(0) { $0 + ($1.isTube ? 10 : 4) }
    self.compact = (columns ?? 80) < width
  }

  /// Shows `text` beside the caption from the next picture on (`nixie test-pattern` names the
  /// cathode that should glow). Safe from any thread.
  public func setStatus(_ text: String) { status.withLock { $0 = text } }

  public func frameShown(_ frame: LatchedFrame) {
    accumulate(until: frame.time)
    current = frame.state
    if frame.time >= windowStart + refreshInterval { render(at: frame.time) }
  }

  /// Draws the tubes as they looked since the last picture, up to `time`.
  public func render(at time: UInt64) {
    accumulate(until: time)
    draw(window: time > windowStart ? time - windowStart : 0, at: time)
  }

  /// Draws what is lit at `time`, at full brightness: the settled display.
  public func renderSteady(at time: UInt64) {
    accumulate(until: time)
    draw(window: 0, at: time)
  }

  private func draw(window: UInt64, at time: UInt64) {
    wash = backlight.map { $0(time) }.flatMap(TerminalColors.RGB.init(backlight:))
    ringing = sounding?(time) ?? false
    let brightness: [[Double]] = layout.positions.indices.map { position in
      layout.positions[position].model.cathodes.indices.map { cathode in
        window == 0
          ? (current.lit[position].contains(cathode) ? 1 : 0)
          : Double(onTime[position][cathode]) / Double(window)
      }
    }
    let lines = compact ? [compactLine(brightness)] : picture(brightness)
    if lines != shown {
      var text = drawnLines > 0 ? "\u{1B}[\(drawnLines)F" : ""
      for line in lines { text += line + colors.reset + "\u{1B}[K\n" }
      emit(text)
      drawnLines = lines.count
      shown = lines
    }
    windowStart = time
    for position in onTime.indices {
      for cathode in onTime[position].indices { onTime[position][cathode] = 0 }
    }
  }

  private func accumulate(until time: UInt64) {
    guard time > currentSince else { return }
    let span = time - currentSince
    for (position, lit) in current.lit.enumerated() {
      for cathode in lit.indices { onTime[position][cathode] += span }
    }
    currentSince = time
  }

  // MARK: - Drawing

  private func picture(_ brightness: [[Double]]) -> [String] {
    var lines = Array(repeating: "", count: 6)
    for (index, position) in layout.positions.enumerated() {
      let block =
        position.isTube
        ? tube(position, brightness[index]) : separator(position, brightness[index])
      for row in lines.indices { lines[row] += block[row] + colors.reset + " " }
    }
    let note = status.withLock { $0 }
    lines.append(
      colors.foreground(TerminalColors.frame) + caption + (note.isEmpty ? "" : " — " + note)
        + (ringing ? " " + Self.note : ""))
    return lines
  }

  /// A tube: a glass outline around 7 × 8 pixels drawn two to a character with half blocks.
  private func tube(_ position: DisplayPosition, _ brightness: [Double]) -> [String] {
    let model = position.model
    let width = TubeFont.width + 2
    var pixels = Array(repeating: Array(repeating: 0.0, count: width), count: 8)
    var ghosts = Array(repeating: Array(repeating: false, count: width), count: 8)
    for (cathode, value) in brightness.enumerated() {
      let kind = model.cathodes[cathode]
      let wired = position.wired.contains(cathode)
      for (x, y) in Self.pixels(of: kind) {
        pixels[y][x] = max(pixels[y][x], value)
        if wired { ghosts[y][x] = true }
      }
    }
    let frame = colors.foreground(TerminalColors.frame)
    let base = wash.map { colors.foreground(TerminalColors.frame.mixed(with: $0, 0.7)) } ?? frame
    var rows = [frame + "╭" + String(repeating: "─", count: width) + "╮"]
    for row in 0..<4 {
      var line = frame + "│"
      for x in 0..<width {
        let top = color(pixels, ghosts, x: x, y: row * 2)
        let bottom = color(pixels, ghosts, x: x, y: row * 2 + 1)
        line += cell(top: top, bottom: bottom, litTop: pixels[row * 2][x], litBottom: pixels[row * 2 + 1][x])
      }
      rows.append(line + colors.reset + frame + "│")
    }
    rows.append(base + "╰" + String(repeating: "─", count: width) + "╯")
    return rows
  }

  /// Pixel positions of a cathode inside the tube (7 wide: the glyph with a margin, where the
  /// decimal points sit at the bottom corners).
  static func pixels(of cathode: Cathode) -> [(Int, Int)] {
    switch cathode {
    case .leftDecimalPoint: return [(0, 6)]
    case .rightDecimalPoint: return [(6, 6)]
    case .decimalPoint: return [(6, 6)]
    case .upperDot, .lowerDot: return []
    default:
      var result: [(Int, Int)] = []
      for y in 0..<TubeFont.height {
        for x in 0..<TubeFont.width where TubeFont.pixel(cathode, x: x, y: y) {
          result.append((x + 1, y))
        }
      }
      return result
    }
  }

  /// The colour of pixel (x, y): lit wire by brightness, else ghost wire, else glass (with a
  /// faint glow next to lit wire).
  private func color(_ pixels: [[Double]], _ ghosts: [[Bool]], x: Int, y: Int) -> TerminalColors.RGB {
    let value = pixels[y][x]
    var base = ghosts[y][x] ? TerminalColors.ghost : TerminalColors.glass
    // The backlight shines up through the glass: faint at the top, stronger at the base.
    if let wash { base = base.mixed(with: wash, 0.08 + 0.3 * Double(y) / Double(max(pixels.count - 1, 1))) }
    if value > 0 { return base.mixed(with: TerminalColors.lit, Self.perceived(value)) }
    var glow = 0.0
    for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
      let (nx, ny) = (x + dx, y + dy)
      if ny >= 0 && ny < pixels.count && nx >= 0 && nx < pixels[ny].count {
        glow = max(glow, pixels[ny][nx])
      }
    }
    return base.mixed(with: TerminalColors.glow, Self.perceived(glow) * 0.6)
  }

  /// Screen colours are gamma-encoded: a cathode lit half the time looks about 73 % bright.
  static func perceived(_ duty: Double) -> Double {
    duty <= 0 ? 0 : min(1, duty.squareRoot() * 0.5 + duty * 0.5)
  }

  private func cell(top: TerminalColors.RGB, bottom: TerminalColors.RGB, litTop: Double, litBottom: Double)
    -> String
  {
    guard colors != .none else {
      switch (litTop >= 0.5, litBottom >= 0.5) {
      case (true, true): return "█"
      case (true, false): return "▀"
      case (false, true): return "▄"
      case (false, false): return " "
      }
    }
    return colors.foreground(top) + colors.background(bottom) + "▀"
  }

  /// A separator: its dots as round bulbs, upper a third and lower two thirds down.
  private func separator(_ position: DisplayPosition, _ brightness: [Double]) -> [String] {
    var rows = Array(repeating: "   ", count: 6)
    for (cathode, value) in brightness.enumerated() where position.wired.contains(cathode) {
      let row = position.model.cathodes[cathode] == .upperDot ? 2 : 4
      let bulb: String
      if colors == .none {
        bulb = value >= 0.5 ? "●" : "·"
      } else {
        let tint = TerminalColors.ghost.mixed(with: TerminalColors.lit, Self.perceived(value))
        bulb = colors.foreground(tint) + "●" + colors.reset
      }
      rows[row] = " " + bulb + " "
    }
    return rows
  }

  /// The whole display on one line, for terminals too narrow for the picture: each tube's
  /// brightest cathode, each separator's dots lit at least half the time.
  private func compactLine(_ brightness: [[Double]]) -> String {
    var line = ""
    var seen = layout.blank
    var tints: [Double] = []
    for (index, position) in layout.positions.enumerated() {
      let values = brightness[index]
      if position.isTube {
        let brightest = values.indices.max { values[$0] < values[$1] }
        if let brightest, values[brightest] > 0 { seen.lit[index] = .only(brightest) }
        tints.append(brightest.map { values[$0] } ?? 0)
      } else {
        for (cathode, value) in values.enumerated() where value >= 0.5 { seen.lit[index].insert(cathode) }
        tints.append(values.max() ?? 0)
      }
    }
    for ((position, character), tint) in zip(zip(layout.positions, layout.text(of: seen)), tints) {
      let color = TerminalColors.ghost.mixed(with: TerminalColors.lit, Self.perceived(tint))
      line += colors.foreground(color) + (position.isTube ? "[\(character)]" : String(character))
    }
    return line + (ringing ? colors.reset + " " + Self.note : "")
  }
}
