import NixieBoardModel
import Testing

/// The line names profiles and traces use (docs/BOARDS.md): every role has exactly the name
/// written here, and each name reads back as its role.
struct LineRoleTests {
  static let expected: [(LineRole, String)] = [
    (.din, "din"), (.clk, "clk"), (.le, "le"), (.bl, "bl"), (.a, "a"), (.b, "b"), (.sw, "sw"),
    (.mosi, "mosi"), (.sclk, "sclk"), (.cs0, "cs0"), (.cs1, "cs1"), (.cs2, "cs2"), (.cs3, "cs3"),
    (.cs4, "cs4"), (.cs5, "cs5"), (.cs6, "cs6"), (.cs7, "cs7"), (.data, "data"), (.shcp, "shcp"),
    (.stcp, "stcp"), (.oe, "oe"), (.hven, "hven"), (.detect, "detect"), (.colon, "colon"),
    (.red, "red"), (.green, "green"), (.blue, "blue"), (.pixels, "pixels"), (.mode, "mode"),
    (.up, "up"), (.down, "down"), (.buzzer, "buzzer"), (.presence, "presence"),
  ]

  @Test func everyRoleHasItsNameAndReadsBack() {
    #expect(Self.expected.count == LineRole.allCases.count)
    for (role, name) in Self.expected {
      #expect(role.name == name)
      #expect(LineRole(name: name) == role)
    }
  }

  @Test func otherNamesAreNoRole() {
    for name in ["", "DIN", "Din", "cs8", "le ", "latch", "r"] {
      #expect(LineRole(name: name) == nil, "\(name)")
    }
  }
}
