/// The page's icon — a nixie tube showing 2, drawn on a 16 × 16 grid in the tubes' colours —
/// as SVG for the browser's tab (`/favicon.ico`) and as PNG for a phone's home screen
/// (`/icon-192.png`, `/icon-512.png`, named by the manifest and `apple-touch-icon`: iOS and
/// Android's installed pages want a bitmap). Both are drawn from `rows`, the one picture.
public enum WebIcon {
  /// The picture, a character a cell: ` ` the page's background, `#` the tube's frame, `-` its
  /// glass, `o` the lit digit (TubeFont's style: bent wire on a grid).
  static let rows = [
    "                ",
    "     ######     ",
    "    #------#    ",
    "   #--------#   ",
    "   #--oooo--#   ",
    "   #-o----o-#   ",
    "   #------o-#   ",
    "   #-----o--#   ",
    "   #----o---#   ",
    "   #---o----#   ",
    "   #--o-----#   ",
    "   #-oooooo-#   ",
    "   #--------#   ",
    "    #------#    ",
    "     ######     ",
    "                ",
  ]

  /// Each cell's colour as `0xRRGGBB`: the page's background and TubeSVG's frame, glass and lit
  /// wire.
  static let colours: [Character: UInt32] = [" ": 0x0a0807, "#": 0x46464c, "-": 0x100b0a, "o": 0xff9630]

  /// The grid's side in cells.
  static let cells = 16

  /// The sides, in pixels, of the PNG icons the page offers.
  public static let pngSizes = [192, 512]

  /// Where the PNG icon `side` pixels square is served.
  public static func pngPath(_ side: Int) -> String { "/icon-\(side).png" }

  /// The colour of cell (`x`, `y`).
  static func colour(x: Int, y: Int) -> UInt32 {
    guard y >= 0, y < rows.count else { return colours[" "] ?? 0 }
    let row = Array(rows[y])
    guard x >= 0, x < row.count else { return colours[" "] ?? 0 }
    return colours[row[x]] ?? 0
  }

  /// The icon as SVG: one path per colour, a rectangle per run of cells in a row.
  public static let svg: String = {
    var text = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(cells) \(cells)\""
    text += " shape-rendering=\"crispEdges\">\n"
    for key in [" ", "#", "-", "o"] as [Character] {
      var path = ""
      for (y, row) in rows.enumerated() {
        let characters = Array(row)
        var x = 0
        while x < characters.count {
          guard characters[x] == key else {
            x += 1
            continue
          }
          let start = x
          while x < characters.count && characters[x] == key { x += 1 }
          path += "M\(start) \(y)h\(x - start)v1h-\(x - start)z"
        }
      }
      let colour = colours[key] ?? 0
      text += "<path fill=\"#\(hex(colour))\" d=\"\(path)\"/>\n"
    }
    return text + "</svg>\n"
  }()

  /// The icon as a PNG `side` pixels square (a multiple of 16 draws every cell alike), or nil
  /// when zlib fails.
  public static func png(side: Int) -> [UInt8]? {
    guard side > 0, side <= 4096 else { return nil }
    var pixels: [UInt8] = []
    pixels.reserveCapacity(side * side * 3)
    for y in 0..<side {
      for x in 0..<side {
        let colour = colour(x: x * cells / side, y: y * cells / side)
        pixels += [UInt8(colour >> 16 & 0xFF), UInt8(colour >> 8 & 0xFF), UInt8(colour & 0xFF)]
      }
    }
    return PNGImage(width: side, height: side, rgb: pixels).encoded()
  }

  private static func hex(_ colour: UInt32) -> String {
    let digits = String(colour, radix: 16)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }
}
