// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "nixie",
  products: [
    .library(name: "NixieCore", targets: ["NixieCore"])
  ],
  targets: [
    // What to show and how it is wired: pure Swift, no I/O, no clocks read inside.
    .target(name: "NixieCore"),
    .testTarget(name: "NixieCoreTests", dependencies: ["NixieCore"]),
  ]
)
