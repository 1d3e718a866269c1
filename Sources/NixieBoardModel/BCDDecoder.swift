/// A BCD-to-decimal decoder between an expander and a tube (K155ID1 / 74141), as data.
public struct BCDDecoder: Hashable, Sendable {
  public let name: String
  /// The 4-bit input that lights each digit.
  public let codes: [Int: Int]
  /// An input that turns every output off.
  public let blank: Int

  public init(name: String, codes: [Int: Int], blank: Int) {
    self.name = name
    self.codes = codes
    self.blank = blank
  }

  /// K155ID1 (the Soviet 74141): input n lights output n; inputs 10–15 light nothing.
  public static let k155id1 = BCDDecoder(
    name: "K155ID1", codes: Dictionary(uniqueKeysWithValues: (0...9).map { ($0, $0) }), blank: 15)

  public static let catalog = [k155id1, BCDDecoder(name: "74141", codes: k155id1.codes, blank: 15)]

  public static func named(_ name: String) -> BCDDecoder? {
    catalog.first { $0.name.lowercased() == name.lowercased() }
  }
}
