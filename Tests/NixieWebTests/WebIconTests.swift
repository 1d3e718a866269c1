import Foundation
import NixieCore
import NixieWeb
import Testing

/// The icon and the manifest a phone's "Add to Home Screen" reads: served to anyone (the
/// browser asks before any login and without the cookie), with the right types; the PNGs read
/// back by Python's zlib and struct, an independent decoder, pixel for pixel.
struct WebIconTests {
  static func get(_ app: WebApp, _ path: String) -> HTTPResponse? {
    WebAppTests.response(app.respond(to: WebAppTests.request("GET", path), from: "a", at: 0))
  }

  static func type(_ response: HTTPResponse?) -> String? {
    response?.headers.first { $0.name == "Content-Type" }?.value
  }

  /// Checks a PNG's chunks and CRCs, inflates its rows and prints `WIDTH HEIGHT` and the RGB
  /// hex of the pixel at the middle of each of the 16 × 16 cells, row by row.
  static let decoder = """
    import struct, sys, zlib
    data = open(sys.argv[1], 'rb').read()
    assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
    at, chunks = 8, {}
    while at < len(data):
        length, kind = struct.unpack('>I4s', data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        crc, = struct.unpack('>I', data[at + 8 + length:at + 12 + length])
        assert zlib.crc32(kind + body) == crc, kind
        chunks[kind] = chunks.get(kind, b'') + body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', chunks[b'IHDR'])
    assert (depth, colour, interlace) == (8, 2, 0)
    raw = zlib.decompress(chunks[b'IDAT'])
    stride = width * 3 + 1
    assert len(raw) == stride * height and all(raw[y * stride] == 0 for y in range(height))
    cells = []
    for cy in range(16):
        y = cy * height // 16 + height // 32
        row = []
        for cx in range(16):
            x = cx * width // 16 + width // 32
            row.append(raw[y * stride + 1 + x * 3:y * stride + 4 + x * 3].hex())
        cells.append(' '.join(row))
    print(width, height)
    print('\\n'.join(cells))
    """

  static func decode(_ png: [UInt8]) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory
    let file = folder.appendingPathComponent("nixie-icon-\(UUID().uuidString).png")
    try Data(png).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = ["-c", decoder, file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func theIconsAndTheManifestAreServedToAnyoneWithTheirTypes() throws {
    let app = try WebAppTests.app(password: "pw")
    let icon = Self.get(app, "/favicon.ico")
    #expect(icon?.status == .ok)
    #expect(Self.type(icon) == "image/svg+xml")
    #expect(WebAppTests.text(icon).hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    let manifest = Self.get(app, "/manifest.webmanifest")
    #expect(manifest?.status == .ok)
    #expect(Self.type(manifest) == "application/manifest+json")
    let json = try JSONSerialization.jsonObject(with: Data(manifest?.body ?? [])) as? [String: Any]
    #expect(json?["name"] as? String == "nixie")
    #expect(json?["start_url"] as? String == "/")
    #expect(json?["display"] as? String == "standalone")
    let icons = try #require(json?["icons"] as? [[String: String]])
    #expect(icons.count == 3)
    for entry in icons {
      let source = try #require(entry["src"])
      let response = Self.get(app, source)
      #expect(response?.status == .ok, "\(source)")
      #expect(Self.type(response) == entry["type"], "\(source)")
    }
    // Both pages link them.
    let login = WebAppTests.text(Self.get(app, "/"))
    for link in [
      #"<link rel="icon" href="/favicon.ico" type="image/svg+xml">"#,
      #"<link rel="manifest" href="/manifest.webmanifest">"#,
      #"<link rel="apple-touch-icon" href="/icon-192.png">"#,
    ] {
      #expect(login.contains(link), "\(link)")
    }
  }

  @Test(arguments: [192, 512])
  func thePNGIconDrawsTheSameCellsAsTheSVG(_ side: Int) throws {
    let app = try WebAppTests.app()
    let png = try #require(Self.get(app, "/icon-\(side).png"))
    #expect(Self.type(png) == "image/png")
    let lines = try Self.decode(png.body)
    #expect(lines.first == "\(side) \(side)")
    // The SVG's cells by colour: each path's runs, filled into a 16 × 16 grid.
    let svg = WebAppTests.text(Self.get(app, "/favicon.ico"))
    var grid = Array(repeating: Array(repeating: "", count: 16), count: 16)
    for path in svg.split(separator: "<path ").dropFirst() {
      let fill = String(path.split(separator: "\"")[1].dropFirst())
      let runs = path.split(separator: "d=\"")[1].prefix { $0 != "\"" }
      for run in runs.split(separator: "M") {
        let numbers = run.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let (x, y, length) = (numbers[0], numbers[1], numbers[2])
        for cell in x..<(x + length) { grid[y][cell] = fill }
      }
    }
    let expected = grid.map { $0.joined(separator: " ") }
    #expect(Array(lines.dropFirst()) == expected)
    #expect(expected[4].contains("ff9630"), "the digit is lit")
  }
}
