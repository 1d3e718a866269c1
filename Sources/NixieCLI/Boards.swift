import ArgumentParser
import NixieBoards
import NixieCore

/// `nixie boards`: the built-in board profiles, and checking a profile file.
struct Boards: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the built-in board profiles, print one, or check a profile file.",
    subcommands: [List.self, Print.self, Check.self],
    defaultSubcommand: List.self)

  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the built-in board profiles.")

    func run() throws {
      for (name, yaml) in BoardCatalog.builtIn {
        let profile = try BoardCatalog.parse(yaml, file: name)
        let marker = name == BoardCatalog.defaultName ? "*" : " "
        print(
          "\(marker) \(name.padding(toLength: 20, withPad: " ", startingAt: 0)) \(Boards.summary(profile))")
        if !profile.description.isEmpty {
          print("  \(String(repeating: " ", count: 20)) \(profile.description)")
        }
      }
      print("(* the default; 'nixie boards print NAME' shows a profile to copy and adapt)")
    }
  }

  struct Print: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print a built-in profile's YAML, to start a profile for your own board.")

    @Argument(help: "The built-in board's name.") var name: String

    func run() throws {
      guard let yaml = BoardCatalog.builtIn.first(where: { $0.name == name })?.yaml else {
        throw CommandFailure(
          .badUsage,
          "no built-in board '\(name)'; built-in: "
            + BoardCatalog.builtIn.map(\.name).joined(separator: ", "))
      }
      print(yaml, terminator: "")
    }
  }

  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Validate a board profile file (exit 65 with file and line if it is wrong).")

    @Argument(help: "The profile file.") var file: String

    func run() throws {
      do {
        let profile = try BoardCatalog.load(.file(file))
        print("\(file): ok: \(profile.name), \(Boards.summary(profile))")
      } catch {
        throw CommandFailure(.badConfiguration, error.description)
      }
    }
  }

  /// `6 tubes (IN-14), 2 separators, 2 × HV5622 over GPIO`.
  static func summary(_ profile: BoardProfile) -> String {
    let tubes = profile.layout.positions.filter(\.isTube)
    let models = Array(Set(tubes.map(\.model.name))).sorted().joined(separator: ", ")
    let separators = profile.layout.count - tubes.count
    let transport =
      profile.spi != nil
      ? "SPI \(profile.spi!.device)"
      : profile.i2c != nil ? "I2C \(profile.i2c!.bus)" : "GPIO \(profile.gpio?.chip ?? "")"
    return "\(tubes.count) tubes (\(models)), \(separators) separators, \(profile.chipCount) × "
      + "\(profile.chip.name) over \(transport)"
  }
}
