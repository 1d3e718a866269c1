import Foundation
import NixieBoards
import NixieCore
import Testing

@testable import NixieWeb

/// The files of the page go gzip-encoded to a browser that accepts it (RFC 9110
/// `Accept-Encoding`, weights included), as they are to anyone else; what goes compressed is
/// decompressed here by gzip(1), an independent decoder, back to the very bytes.
struct CompressionTests {
  /// `Accept-Encoding` fields and whether gzip may be sent.
  static let acceptEncodings: [([String], Bool)] = [
    ([], false), ([""], false), (["gzip"], true), (["gzip, deflate, br, zstd"], true), (["GZIP"], true),
    (["x-gzip"], true), (["deflate", "gzip"], true), (["br", ""], false), (["gzip;q=0"], false),
    (["gzip; q=0.000"], false), (["gzip;q=0.001"], true), (["gzip;q=1.0"], true), (["gzip;Q=0.5"], true),
    (["gzip ; q=0.8"], true), (["gzip,,"], true), ([" , gzip"], true), (["*"], true), (["*;q=0"], false),
    (["*, gzip;q=0"], false), (["gzip;q=0, *"], false), (["deflate"], false), (["identity"], false),
    (["br;q=1, gzip;q=0.5"], true), (["gzip;q=0.5, identity"], false), (["gzip;q=0.5, identity;q=0.5"], true),
    (["gzip;q=0.5, *"], false), (["gzip;q=0.5, *;q=0.4"], true),
    (["gzip;q=0.5, *;q=0"], true), (["identity;q=0"], false), (["identity;q=0, gzip"], true),
    // Junk: the response goes as it is.
    (["gzip;q=1.001"], false), (["gzip;q=2"], false), (["gzip;q="], false), (["gzip;q=abc"], false),
    (["gzip;q=0.5000"], false), (["gzip;q=-1"], false), (["gzip;q=.5"], false), (["gzip;level=9"], false),
    (["gzip;q=0.5;q=0.9"], false), (["gzip q=1"], false), ([";q=1, gzip"], false), (["gz\u{ED}p"], false),
    (["gzip;q=0.5, br;q=x"], false), (["gzip;q =1"], false),
  ]

  static func app() throws -> WebApp {
    let board = try BoardCatalog.load(.builtIn("hv5622-6xin14"))
    let clock = WebAppTests.FakeClock { _ in TubesPictureTests.stateAnswer(board) }
    return try WebAppTests.app(clock: clock)
  }

  static func get(_ app: WebApp, _ path: String, _ accept: [String], method: String = "GET") -> HTTPResponse?
  {
    var request = WebAppTests.request(method, path)
    request.headers += accept.map { HTTPRequest.Header(name: "accept-encoding", value: $0) }
    return WebAppTests.response(app.respond(to: request, from: "a", at: 0))
  }

  /// `bytes` through `gzip -dc`.
  static func gunzip(_ bytes: [UInt8]) throws -> [UInt8] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("nixie-\(UUID().uuidString).gz")
    try Data(bytes).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/gzip")
    process.arguments = ["-dc", file.path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return Array(data)
  }

  static func encoding(_ response: HTTPResponse?) -> String? {
    response?.headers.first { $0.name == "Content-Encoding" }?.value
  }

  @Test func theTubesPictureGoesGzipEncodedWhenAcceptedAndDecompressesToTheSameBytes() throws {
    let app = try Self.app()
    let plain = try #require(Self.get(app, "/tubes.svg", []))
    #expect(plain.status == .ok && Self.encoding(plain) == nil)
    #expect(plain.body.count > 50_000)
    let compressed = try #require(Self.get(app, "/tubes.svg", ["gzip, deflate, br"]))
    #expect(compressed.status == .ok && Self.encoding(compressed) == "gzip")
    #expect(compressed.headers.contains(HTTPRequest.Header(name: "Vary", value: "Accept-Encoding")))
    #expect(compressed.headers.contains(HTTPRequest.Header(name: "Content-Type", value: "image/svg+xml")))
    #expect(compressed.body.count < plain.body.count / 10, "\(compressed.body.count) of \(plain.body.count)")
    #expect(try Self.gunzip(compressed.body) == plain.body)
    // HEAD says the same length as the GET it stands for.
    let head = try #require(Self.get(app, "/tubes.svg", ["gzip"], method: "HEAD"))
    let headText = String(decoding: head.bytes(includingBody: false), as: UTF8.self)
    #expect(headText.contains("Content-Length: \(compressed.body.count)\r\n"))
    #expect(headText.contains("Content-Encoding: gzip\r\n"))
  }

  @Test func theScriptStyleAndZonesToo() throws {
    let app = try Self.app()
    for path in ["/app.js", "/app.css", "/api/zones"] {
      let plain = try #require(Self.get(app, path, []))
      let compressed = try #require(Self.get(app, path, ["gzip"]))
      #expect(Self.encoding(compressed) == "gzip", "\(path)")
      #expect(try Self.gunzip(compressed.body) == plain.body, "\(path)")
    }
    // The page holds the CSRF token: never compressed (BREACH).
    #expect(Self.encoding(Self.get(app, "/", ["gzip"])) == nil)
  }

  @Test func everyAcceptEncodingIsAnsweredAndOnlyAnAcceptingOneGetsGzip() throws {
    let app = try Self.app()
    let plain = try #require(Self.get(app, "/tubes.svg", [])).body
    for (fields, gzip) in Self.acceptEncodings {
      let response = Self.get(app, "/tubes.svg", fields)
      #expect(response?.status == .ok, "\(fields)")
      #expect((Self.encoding(response) == "gzip") == gzip, "Accept-Encoding: \(fields)")
      if !gzip { #expect(response?.body == plain, "\(fields)") }
    }
  }
}
