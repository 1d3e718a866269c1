// swift-tools-version: 6.0
import PackageDescription

/// The libFuzzer targets (docs/TESTING.md): a package of their own, so the package's normal
/// `swift build` and `swift test` neither build nor see them. They are only ever built by
/// `Scripts/fuzz`, with `--sanitize=fuzzer --sanitize=address`: a target has no `main` of its
/// own, libFuzzer's is linked in, and it calls `LLVMFuzzerTestOneInput` with each input.
///
/// Each target, the nixie libraries it fuzzes.
let fuzzTargets: [(name: String, modules: [String])] = [
  ("FuzzFormatter", ["NixieDisplay", "NixieBoardModel", "NixieBoards"]),
  ("FuzzBoardProfile", ["NixieDisplay", "NixieBoardModel", "NixieBoards"]),
  ("FuzzYAML", ["NixieYAML"]),
  ("FuzzClockConfiguration", ["NixieBoardModel", "NixieBoards", "NixieTime", "NixieClockSettings", "NixieClock"]),
  ("FuzzControlRequest", ["NixieControl"]),
  ("FuzzInputScript", ["NixieInput"]),
  ("FuzzTZif", ["NixieTime"]),
  ("FuzzPosixRule", ["NixieTime"]),
  ("FuzzHTTPRequest", ["NixieWeb"]),
  ("FuzzWebConfiguration", ["NixieWeb", "NixieYAMLFiles"]),
  ("FuzzMQTTConfiguration", ["NixieMQTT", "NixieYAMLFiles"]),
  ("FuzzBridgeCommand", ["NixieMQTT", "NixieControl"]),
  ("FuzzLightSensor", ["NixieRoom"]),
  ("FuzzRTTTL", ["NixieAlarms"]),
  ("FuzzWearRecord", ["NixieBoardModel", "NixieBoards", "NixieTransitions"]),
]

let package = Package(
  name: "nixie-fuzz",
  dependencies: [.package(name: "nixie", path: "../..")],
  targets: [
    // What every target shares: reading parameters from the input, the properties' check,
    // where a line and column may point in a text, what a formatted state and a zone must be.
    .target(
      name: "FuzzSupport",
      dependencies: ["NixieDisplay", "NixieBoardModel", "NixieTime"].map {
        .product(name: $0, package: "nixie")
      })
  ]
    + fuzzTargets.map { target in
      .executableTarget(
        name: target.name,
        dependencies: ["FuzzSupport"] + target.modules.map { .product(name: $0, package: "nixie") })
    }
)
