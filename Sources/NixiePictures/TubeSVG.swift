import NixieBoardModel
import NixieDisplay
import NixieText
import NixieTransitions

/// The tubes drawn as SVG, as the terminal view draws them: warm orange wire on dark glass,
/// the wired cathodes as dim ghosts behind, a soft glow around what is lit, each cathode at
/// the brightness the eye would see at its duty (`TubeTerminalView.perceived`). The pixels are
/// the terminal view's (`TubeFont` on a 7 × 7 grid, decimal points in the bottom corners,
/// separator dots a third and two thirds down), the colours its palette.
///
/// `nixie show --svg` writes one as a file; `nixie web` puts one in its page, where every
/// cathode's `lit` and `glow` shapes carry `data-p` (the position) and `data-name` (the
/// cathode), so the page's script can set their opacity as frames arrive.
public struct TubeSVG: Sendable {
  public let layout: DisplayLayout
  public let caption: String?

  /// One pixel of the grid, in SVG units.
  static let pixel = 10
  static let tubeWidth = 90
  static let separatorWidth = 30
  static let height = 120
  static let gap = 8
  static let margin = 12

  public init(layout: DisplayLayout, caption: String? = nil) {
    self.layout = layout
    self.caption = caption
  }

  /// A standalone SVG of `state` lit steadily at `brightness`, over `backlight` when given.
  public func document(state: DisplayState, brightness: Double = 1, backlight: BacklightColor? = nil)
    -> String
  {
    document(duties: CathodeDuties(state, layout: layout), brightness: brightness, backlight: backlight)
  }

  /// A standalone SVG of the tubes at `duties` (per position, per cathode), scaled by
  /// `brightness`; a `backlight` that is not dark shines up through each tube's glass.
  public func document(duties: CathodeDuties, brightness: Double = 1, backlight: BacklightColor? = nil)
    -> String
  {
    let light = backlight.flatMap(TerminalColors.RGB.init(backlight:))
    let width = size.width
    let height = size.height
    var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\""
    text += " width=\"\(width)\" height=\"\(height)\" role=\"img\" class=\"tubes\">\n"
    text += "<title>\(Self.escaped(caption ?? "nixie tubes")): \(Self.escaped(shownText(duties)))</title>\n"
    text += "<defs><filter id=\"glow\" x=\"-40%\" y=\"-40%\" width=\"180%\" height=\"180%\">"
    text += "<feGaussianBlur stdDeviation=\"5\"/></filter>"
    if let light {
      let color = Self.hex(light)
      text += "<linearGradient id=\"backlight\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
      text += "<stop offset=\"0\" stop-color=\"\(color)\" stop-opacity=\"0.04\"/>"
      text += "<stop offset=\"1\" stop-color=\"\(color)\" stop-opacity=\"0.4\"/></linearGradient>"
    }
    text += "</defs>\n"
    text +=
      "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(Self.hex(TerminalColors.glass))\" rx=\"6\"/>\n"
    var x = Self.margin
    for (index, position) in layout.positions.enumerated() {
      let values = index < duties.duties.count ? duties.duties[index] : []
      text +=
        position.isTube
        ? tube(position, index, values, brightness, light: light, x: x)
        : separator(position, index, values, brightness, x: x)
      x += (position.isTube ? Self.tubeWidth : Self.separatorWidth) + Self.gap
    }
    if let caption {
      text += "<text x=\"\(Self.margin)\" y=\"\(height - 8)\" fill=\"\(Self.hex(TerminalColors.frame))\""
      text += " font-family=\"monospace\" font-size=\"12\">\(Self.escaped(caption))</text>\n"
    }
    return text + "</svg>\n"
  }

  /// The picture's width and height in SVG units.
  public var size: (width: Int, height: Int) {
    let widths = layout.positions.map { $0.isTube ? Self.tubeWidth : Self.separatorWidth }
    let width = Self.margin * 2 + widths.reduce(0, +) + Self.gap * max(widths.count - 1, 0)
    return (width, Self.height + Self.margin * 2 + (caption == nil ? 0 : 16))
  }

  /// What the tubes show, as the layout's text (each tube's brightest main cathode).
  private func shownText(_ duties: CathodeDuties) -> String {
    var state = layout.blank
    for (index, values) in duties.duties.enumerated() where index < layout.count {
      for (cathode, value) in values.enumerated() where value >= 0.5 { state.lit[index].insert(cathode) }
    }
    return layout.text(of: state)
  }

  private func tube(
    _ position: DisplayPosition, _ index: Int, _ values: [Double], _ brightness: Double,
    light: TerminalColors.RGB?, x: Int
  ) -> String {
    let top = Self.margin
    var text = "<g class=\"position tube\" data-p=\"\(index)\">\n"
    let glass = "x=\"\(x)\" y=\"\(top)\" width=\"\(Self.tubeWidth)\" height=\"\(Self.height)\" rx=\"16\""
    text +=
      "<rect \(glass) fill=\"\(Self.hex(TerminalColors.glass))\" stroke=\"\(Self.hex(TerminalColors.frame))\" stroke-width=\"2\"/>\n"
    if let light {
      // The LED under the tube: a glow at the base, its light rising through the glass.
      text += "<rect class=\"backlight\" \(glass) fill=\"url(#backlight)\"/>\n"
      text += "<ellipse class=\"backlight\" cx=\"\(x + Self.tubeWidth / 2)\" cy=\"\(top + Self.height - 4)\""
      text += " rx=\"24\" ry=\"5\" fill=\"\(Self.hex(light))\" opacity=\"0.7\" filter=\"url(#glow)\"/>\n"
    }
    let originX = x + (Self.tubeWidth - 7 * Self.pixel) / 2
    let originY = top + (Self.height - 7 * Self.pixel) / 2
    var ghosts = ""
    var glows = ""
    var lits = ""
    for (cathode, kind) in position.model.cathodes.enumerated() where position.wired.contains(cathode) {
      let path = Self.path(TubeTerminalView.pixels(of: kind), originX: originX, originY: originY)
      guard !path.isEmpty else { continue }
      let value = cathode < values.count ? values[cathode] * brightness : 0
      let seen = TubeTerminalView.perceived(value)
      let name = Self.escaped(kind.name)
      ghosts += "<path d=\"\(path)\" fill=\"\(Self.hex(TerminalColors.ghost))\"/>\n"
      glows += "<path class=\"glow\" data-p=\"\(index)\" data-name=\"\(name)\" d=\"\(path)\""
      glows +=
        " fill=\"\(Self.hex(TerminalColors.lit))\" filter=\"url(#glow)\" opacity=\"\(Self.number(seen * 0.6))\"/>\n"
      lits += "<path class=\"lit\" data-p=\"\(index)\" data-name=\"\(name)\" d=\"\(path)\""
      lits += " fill=\"\(Self.hex(TerminalColors.lit))\" opacity=\"\(Self.number(seen))\"/>\n"
    }
    return text + ghosts + glows + lits + "</g>\n"
  }

  private func separator(
    _ position: DisplayPosition, _ index: Int, _ values: [Double], _ brightness: Double, x: Int
  ) -> String {
    var text = "<g class=\"position separator\" data-p=\"\(index)\">\n"
    let centreX = x + Self.separatorWidth / 2
    for (cathode, kind) in position.model.cathodes.enumerated() where position.wired.contains(cathode) {
      let y = Self.margin + (kind == .upperDot ? Self.height / 3 : Self.height * 2 / 3)
      let value = cathode < values.count ? values[cathode] * brightness : 0
      let seen = TubeTerminalView.perceived(value)
      let name = Self.escaped(kind.name)
      let circle = "cx=\"\(centreX)\" cy=\"\(y)\" r=\"6\""
      text += "<circle \(circle) fill=\"\(Self.hex(TerminalColors.ghost))\"/>\n"
      text += "<circle class=\"glow\" data-p=\"\(index)\" data-name=\"\(name)\" \(circle)"
      text +=
        " fill=\"\(Self.hex(TerminalColors.lit))\" filter=\"url(#glow)\" opacity=\"\(Self.number(seen * 0.6))\"/>\n"
      text += "<circle class=\"lit\" data-p=\"\(index)\" data-name=\"\(name)\" \(circle)"
      text += " fill=\"\(Self.hex(TerminalColors.lit))\" opacity=\"\(Self.number(seen))\"/>\n"
    }
    return text + "</g>\n"
  }

  /// The pixels as one path of squares.
  static func path(_ pixels: [(Int, Int)], originX: Int, originY: Int) -> String {
    pixels.map { x, y in "M\(originX + x * pixel) \(originY + y * pixel)h\(pixel)v\(pixel)h-\(pixel)z" }
      .joined()
  }

  /// `#rrggbb`.
  static func hex(_ color: TerminalColors.RGB) -> String {
    "#" + [color.r, color.g, color.b].map { Hex.digits(UInt32(min(max($0, 0), 255))).lowercased() }.joined()
  }

  /// An opacity with three decimals at most.
  static func number(_ value: Double) -> String {
    let thousandths = Int((min(max(value, 0), 1) * 1000).rounded())
    if thousandths == 1000 { return "1" }
    if thousandths == 0 { return "0" }
    var fraction = String(thousandths)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "0." + fraction
  }

  /// Text for XML content and attributes (`MarkupText`).
  public static func escaped(_ text: String) -> String { MarkupText.escaped(text) }
}
