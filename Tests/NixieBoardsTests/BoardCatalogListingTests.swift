import NixieBoards
import NixieCore
import Testing

/// `nixie boards`' listing and `nixie boards print`'s lookup, as BoardCatalog gives them.
struct BoardCatalogListingTests {
  @Test func theListingNamesEveryBoardAndMarksTheDefault() throws {
    let lines = try BoardCatalog.listing(json: false)
    for (name, _) in BoardCatalog.builtIn {
      let marker = name == BoardCatalog.defaultName ? "*" : " "
      #expect(lines.contains { $0.hasPrefix("\(marker) \(name) ") }, "no line for \(name)")
    }
    #expect(lines.last?.hasPrefix("(* the simulator's default") == true)
  }

  @Test func theJSONListingIsOneArrayOfEveryBoard() throws {
    let lines = try BoardCatalog.listing(json: true)
    #expect(lines.count == 1)
    let text = lines.first ?? ""
    #expect(text.hasPrefix("[") && text.hasSuffix("]"))
    for (name, _) in BoardCatalog.builtIn { #expect(text.contains("\"\(name)\"")) }
  }

  @Test func aBuiltInBoardsYAMLIsFoundByName() throws {
    let yaml = try BoardCatalog.builtInYAML(named: "ncs314")
    #expect(yaml == BoardCatalog.builtIn.first { $0.name == "ncs314" }?.yaml)
  }

  @Test func anUnknownNameIsBadUsageWithAGuess() {
    do throws(NixieError) {
      _ = try BoardCatalog.builtInYAML(named: "ncs3l4")
      Issue.record("no error for an unknown board")
    } catch {
      #expect(error.kind == .badUsage)
      #expect(error.message.hasPrefix("no built-in board 'ncs3l4' (did you mean ncs314? built-in: "))
    }
  }
}
