import Foundation
import NixieBoardModel
import NixieBoards
import NixiePictures
import NixieTestSupport
import Testing

/// The tubes as SVG: well-formed XML (Python's own parser reads it), one ghost per wired
/// cathode, the lit ones at the brightness the eye sees, and nothing a caption holds gets out
/// of its text.
struct TubeSVGTests {
  /// Python reads the SVG and prints, per `lit` shape, `position name opacity`, then the
  /// number of shapes of each fill colour, then the title.
  static let script = """
    import sys, xml.etree.ElementTree as ET
    root = ET.fromstring(sys.stdin.read())
    ns = "{http://www.w3.org/2000/svg}"
    for element in root.iter():
        if element.get("class") == "lit" and float(element.get("opacity")) > 0:
            print(element.get("data-p"), element.get("data-name"), element.get("opacity"))
    print("title", root.find(ns + "title").text)
    """

  static func python(_ svg: String) throws -> [String] {
    let python = try #require(ToolProcess.find("python3"), "python3 is needed")
    return try ToolProcess.run(python, ["-c", script], input: svg).split(separator: "\n").map(String.init)
  }

  @Test(arguments: [("hv5622-6xin14", "12:34:56"), ("hv5622-6xin14", "3.1415"), ("mcp23017-4xin12", "1234")])
  func theLitShapesAreTheStatesCathodes(_ boardName: String, _ value: String) throws {
    let board = try BoardCatalog.load(.builtIn(boardName))
    let state = try board.formatter.format(value)
    let svg = TubeSVG(layout: board.layout).document(state: state)
    var expected: [String] = []
    for (index, names) in board.layout.cathodeNames(of: state).enumerated() {
      let position = board.layout.positions[index]
      for name in names
      where position.wired.indices.contains(where: { position.model.cathodes[$0].name == name }) {
        expected.append("\(index) \(name) 1")
      }
    }
    let lines = try Self.python(svg)
    #expect(lines.dropLast().sorted() == expected.sorted())
    #expect(lines.last == "title nixie tubes: \(board.layout.text(of: state))")
  }

  @Test func everyWiredCathodeHasAGhostAndTheDarkOnesAreInvisible() throws {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    let svg = TubeSVG(layout: board.layout).document(state: board.layout.blank)
    let wired = board.layout.positions.map(\.wired.count).reduce(0, +)
    #expect(svg.components(separatedBy: "class=\"lit\"").count - 1 == wired)
    #expect(
      svg.components(separatedBy: "class=\"lit\"").count
        == svg.components(separatedBy: "class=\"glow\"").count)
    #expect(!svg.contains("opacity=\"1\""))
  }

  /// Screen colours are gamma-encoded: a quarter duty looks 37.5 % bright (the terminal view's rule).
  @Test(arguments: [(1.0, "1"), (0.25, "0.375"), (0.5, "0.604"), (0.0, "0")])
  func brightnessIsDrawnAsTheEyeSeesIt(_ brightness: Double, _ opacity: String) throws {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    let svg = TubeSVG(layout: board.layout).document(
      state: try board.formatter.format("8"), brightness: brightness)
    let lines = try Self.python(svg).dropLast()
    if brightness == 0 {
      #expect(lines.isEmpty)
    } else {
      #expect(Array(lines) == ["7 8 \(opacity)"])
    }
  }

  @Test func aCaptionCannotBreakOutOfItsText() throws {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    let caption = "</text><script>alert(1)</script> & \"quoted\" 'x' \u{1B}[2J"
    let svg = TubeSVG(layout: board.layout, caption: caption).document(state: board.layout.blank)
    #expect(!svg.contains("<script>"))
    #expect(!svg.contains("\u{1B}"))
    let lines = try Self.python(svg)
    #expect(lines.last == "title </text><script>alert(1)</script> & \"quoted\" 'x' \u{FFFD}[2J:         ")
  }
}

/// The backlight in the picture: Python's XML parser finds, per tube, the glass's wash and the
/// LED's glow in the colour asked for, and none of either without one (or with it off).
struct TubeSVGBacklightTests {
  static let script = """
    import sys, xml.etree.ElementTree as ET
    root = ET.fromstring(sys.stdin.read())
    ns = "{http://www.w3.org/2000/svg}"
    shapes = [e for e in root.iter() if e.get("class") == "backlight"]
    stops = sorted({s.get("stop-color") for s in root.iter(ns + "stop")})
    glows = sorted({e.get("fill") for e in shapes if e.tag == ns + "ellipse"})
    print(len(shapes), " ".join(stops), " ".join(glows))
    """

  @Test(arguments: [
    (BacklightColor?.some(BacklightColor(rgb: 0xFFBF00)), "12 #ffbf00 #ffbf00"),
    (BacklightColor?.some(BacklightColor(rgb: 0x0A64C8)), "12 #0a64c8 #0a64c8"),
    (BacklightColor?.some(.off), "0  "),
    (BacklightColor?.none, "0  "),
  ])
  func eachTubeIsWashedInTheColour(_ color: BacklightColor?, _ expected: String) throws {
    let board = try BoardCatalog.load(.builtIn("ncs314"))
    let svg = TubeSVG(layout: board.layout).document(
      state: try board.formatter.format("12:34:56"), backlight: color)
    let python = try #require(ToolProcess.find("python3"), "python3 is needed")
    let output = try ToolProcess.run(python, ["-c", Self.script], input: svg)
    // Six tubes, a wash and a glow each.
    #expect(output.trimmingCharacters(in: .newlines) == expected)
  }
}
