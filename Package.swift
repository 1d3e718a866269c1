// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// Board profiles shipped with the binary: every file in Hardware/boards is compiled in,
/// so `--board NAME` works from any directory. Tests check this list against the folder.
let builtInBoards = [
  "hv5622-6xin14",
  "hv5622-6xin14-spi",
  "mcp23017-4xin12",
  "pcf8574-4xin12",
  "ncs314",
  "ncs314-hv5222",
  "ncs314-v3",
  "ncs312",
  "ncs318",
  "exixe-14",
  "omnixie-ntdb",
  "ncm109",
]

/// The libgpiod API this build compiles against, from the major version pkg-config reports:
/// Debian 12 and Raspberry Pi OS Bookworm ship 1.6 (the v1 API), Debian 13 and Trixie 2.x (a
/// different API). NixieLinux holds an implementation of each behind one interface and gets
/// `LIBGPIOD_V2` defined for a 2.x library. `PKG_CONFIG_PATH` picks another libgpiod (the
/// kernel tests build against a 2.x prefix that way); without pkg-config, v1.
let libgpiodV2: Bool = {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["pkg-config", "--modversion", "libgpiod"]
  let output = Pipe()
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return false }
  let version = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { return false }
  return (version.split(separator: ".").first.flatMap { Int($0) } ?? 1) >= 2
}()
let libgpiodSettings: [SwiftSetting] = libgpiodV2 ? [.define("LIBGPIOD_V2")] : []

let package = Package(
  name: "nixie",
  products: [
    .executable(name: "nixie", targets: ["nixie"]),
    .library(name: "NixieDisplay", targets: ["NixieDisplay"]),
    .library(name: "NixieBoardModel", targets: ["NixieBoardModel"]),
    .library(name: "NixieTransitions", targets: ["NixieTransitions"]),
    .library(name: "NixieSimulator", targets: ["NixieSimulator"]),
    .library(name: "NixieInput", targets: ["NixieInput"]),
    // For the fuzz targets in Fuzz/ (a package of their own that depends on this one by path).
    .library(name: "NixieYAML", targets: ["NixieYAML"]),
    .library(name: "NixieYAMLFiles", targets: ["NixieYAMLFiles"]),
    .library(name: "NixieBoards", targets: ["NixieBoards"]),
    .library(name: "NixieTime", targets: ["NixieTime"]),
    .library(name: "NixieAlarms", targets: ["NixieAlarms"]),
    .library(name: "NixieControl", targets: ["NixieControl"]),
    .library(name: "NixieClockSettings", targets: ["NixieClockSettings"]),
    .library(name: "NixieClock", targets: ["NixieClock"]),
    .library(name: "NixieWeb", targets: ["NixieWeb"]),
    .library(name: "NixieMQTT", targets: ["NixieMQTT"]),
    .library(name: "NixieRoom", targets: ["NixieRoom"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // The pipeline, pure Swift (no I/O, no clock read inside), in the order of a value's path:
    // what every layer shares (NixieError, time as a parameter) and text for messages and JSON;
    // value → display state; the board model; state → timeline → PWM frames; the transport
    // protocols; frames → bits on them (the drivers); and the backend seam that opens them.
    .target(name: "NixieCore"),
    .target(name: "NixieText"),
    .target(name: "NixieDisplay", dependencies: ["NixieText"]),
    .target(name: "NixieBoardModel", dependencies: ["NixieDisplay", "NixieText"]),
    .target(name: "NixieTransitions", dependencies: ["NixieText", "NixieDisplay", "NixieBoardModel"]),
    .target(name: "NixieTransports", dependencies: ["NixieBoardModel"]),
    .target(
      name: "NixieDrivers",
      dependencies: [
        "NixieCore", "NixieText", "NixieDisplay", "NixieBoardModel", "NixieTransitions", "NixieTransports",
      ]
    ),
    .target(
      name: "NixieBackend", dependencies: ["NixieCore", "NixieBoardModel", "NixieTransports", "NixieDrivers"]),
    // The knob: quadrature decoder, push switch, spinner selection model. Pure, time a parameter.
    .target(name: "NixieInput", dependencies: ["NixieCore", "NixieBoardModel", "NixieTransports"]),
    // YAML text to nodes with line and column, read by libyaml; refuses what nixie's files
    // do not use at the place of the problem.
    .target(name: "NixieYAML", dependencies: ["NixieText", "CYAML"]),
    // libyaml's parser (libyaml-dev), its static library linked into every build.
    .systemLibrary(name: "CYAML", providers: [.apt(["libyaml-dev"])]),
    // Reading the YAML files nixie is told what to do by (board profiles, nixie.yaml, web.yaml,
    // mqtt.yaml): which file, its bytes, nodes that complain with file:line:column. Its own
    // module, so the web page and the bridge read their files without the board catalogue.
    .target(name: "NixieYAMLFiles", dependencies: ["NixieCore", "NixieText", "NixieYAML", "NixieSystem"]),
    // Board profiles as YAML files, validated with file and line.
    .target(
      name: "NixieBoards",
      dependencies: [
        "NixieCore", "NixieText", "NixieDisplay", "NixieBoardModel", "NixieYAMLFiles", "NixieSystem",
      ],
      resources: builtInBoards.map { .embedInCode("../../Hardware/boards/\($0).yaml") }
    ),
    // The simulator backend: the chips in software at the transport seam, which decode the
    // wire back into lit cathodes, and the knob's input script played on their lines.
    .target(
      name: "NixieSimulator",
      dependencies: [
        "NixieCore", "NixieText", "NixieDisplay", "NixieBoardModel", "NixieTransports", "NixieDrivers",
        "NixieBackend", "NixieInput", "NixieSystem",
      ]
    ),
    // Pictures of a board: the tubes drawn in a terminal and as SVG (`nixie show --svg`, the web
    // page) from the frames that reach them, and the lines as a VCD trace; on the display model,
    // so the web page and the runtime draw without the simulator.
    .target(
      name: "NixiePictures",
      dependencies: [
        "NixieText", "NixieDisplay", "NixieBoardModel", "NixieTransitions", "NixieTransports", "NixieDrivers",
        "NixieSystem",
      ]
    ),
    // Kernel interfaces Glibc's module leaves out: timerfd, signalfd, eventfd, adjtimex.
    .target(name: "CSystem"),
    // Every system call nixie makes, behind one choke point (SystemCall): files, directories,
    // descriptors, poll, sockets, timers, signals, threads, clocks, the terminal, users.
    .target(name: "NixieSystem", dependencies: ["NixieCore", "NixieText", "CSystem"]),
    // Logging for the clock daemon: libraries take a Logger, the executable bootstraps one.
    .target(name: "NixieLogging", dependencies: ["NixieSystem"]),
    // Running a board: a display session brought up on the backend it is handed (the command
    // line makes it: NixieRuntime imports neither backend), the frame thread, the knob's input,
    // and the one-shot commands (show, select, test-pattern, bench).
    .target(
      name: "NixieRuntime",
      dependencies: [
        "NixieCore", "NixieText", "NixieDisplay", "NixieBoardModel", "NixieTransitions", "NixieTransports",
        "NixieDrivers", "NixieBackend", "NixieInput", "NixieBoards", "NixieSystem", "NixiePictures",
        "NixieAlarms",
      ]
    ),
    // Time zones without Foundation: TZif files and POSIX TZ rules, read through an injected
    // file system. Pure Swift; it imports only NixieText.
    .target(name: "NixieTime", dependencies: ["NixieText"]),
    // Alarms without the daemon: tunes (RTTTL, the built-in ones, their pitches), an alarm's
    // next ring in a zone (DST-correct), and the bell's state (ringing, snoozed, silent). Pure.
    .target(name: "NixieAlarms", dependencies: ["NixieText", "NixieTime"]),
    // What the clock reads of the room: the light (the kernel's IIO sensors, read through an
    // injected file system; the lux → brightness curve, its smoothing and the sanity checks)
    // and presence (a line's timer). Pure but for libm's log10.
    .target(name: "NixieRoom", dependencies: ["NixieText"]),
    // libgpiod, found through pkg-config; NixieLinux keeps every call behind GPIOChipAPI.
    .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
    // libi2c's SMBus helpers and the i2c-dev ioctls (libi2c ships no pkg-config file).
    .systemLibrary(name: "CI2C", providers: [.apt(["libi2c-dev"])]),
    // The spidev ioctl numbers, computed by the kernel header's own macros.
    .target(name: "CSPIDev"),
    // libcrypt (libxcrypt): yescrypt password hashes for `nixie web`, as /etc/shadow has them.
    .systemLibrary(name: "CCrypt", providers: [.apt(["libcrypt-dev"])]),
    // zlib: nixie web's gzip. Not through pkg-config: zlib.pc's -L/usr/lib/<triplet> would come
    // before libgpiod's own -L and make a libgpiod 2.x build (the kernel tests') link the system's.
    .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
    // The Linux backend: libgpiod, spidev and i2c-dev, with errors that say what to do.
    .target(
      name: "NixieLinux",
      dependencies: [
        "NixieCore", "NixieText", "NixieBoardModel", "NixieTransports", "NixieDrivers", "NixieBackend",
        "NixieInput", "NixieSystem", "CGPIOD", "CI2C", "CSPIDev",
      ],
      swiftSettings: libgpiodSettings
    ),
    // What both sides of the control socket share: requests and replies, the client, the
    // socket's place, the settings a change may make and their ranges, the reported layout,
    // the zone names. The clock serves it; `nixie send` and `nixie web` use only this.
    .target(
      name: "NixieControl",
      dependencies: [
        "NixieCore", "NixieText", "NixieDisplay", "NixieTransitions", "NixieSystem", "NixieTime",
        "NixieAlarms",
      ]
    ),
    // The clock's settings without the daemon: its options, nixie.yaml and the overrides file
    // read, checked and merged, the board they choose; what the doctor reads too.
    .target(
      name: "NixieClockSettings",
      dependencies: [
        "NixieCore", "NixieText", "NixieDisplay", "NixieBoardModel", "NixieTransitions", "NixieBoards",
        "NixieYAMLFiles", "NixieSystem", "NixieTime", "NixieRoom", "NixieControl", "NixieRuntime",
        "NixieAlarms",
      ]
    ),
    // The clock daemon: faces in time zones, the schedule, config, the control socket's server,
    // systemd, the knob; its display is the transition engine's frame scheduler (NixieRuntime).
    .target(
      name: "NixieClock",
      dependencies: [
        "NixieCore", "NixieText", "NixieDisplay", "NixieBoardModel", "NixieTransitions", "NixieTransports",
        "NixieInput", "NixieSystem", "NixieTime", "NixieRuntime", "NixieLogging", "NixieControl", "NixieRoom",
        "NixieBackend", "NixieYAMLFiles", "NixieClockSettings", "NixieAlarms",
      ]
    ),
    // `nixie doctor`: the board the clock would choose (its settings, not the daemon), checked
    // against this machine: device nodes, groups, GPIO lines (read through NixieLinux), I2C
    // answers, config.txt, the light sensor. NixieLinux is only transports and system access.
    .target(
      name: "NixieDoctor",
      dependencies: [
        "NixieCore", "NixieText", "NixieSystem", "NixieBoardModel", "NixieBackend", "NixieRoom",
        "NixieRuntime",
        "NixieLinux", "NixieClockSettings", "NixieTransitions",
      ]
    ),
    // `nixie web`: its HTTP/1.1 server on NixieSystem's sockets, the page and its live view of
    // the tubes (gzip by zlib), the password (yescrypt through libcrypt) and sessions; it talks
    // to the clock through the control socket only (NixieControl, never NixieClock).
    .target(
      name: "NixieWeb",
      dependencies: [
        "NixieCore", "NixieText", "NixieTransitions", "NixieSystem", "NixieYAMLFiles", "NixieControl",
        "NixiePictures", "NixieLogging", "NixieAlarms", "CCrypt", "CZlib",
      ]
    ),
    // libmosquitto's header and a loader (dlopen) for `nixie mqtt` alone: linked, its libssl and
    // libcrypto would cost the clock daemon, the same binary, 2 MiB of resident memory.
    .target(name: "CMosquitto"),
    // `nixie mqtt`: the clock in Home Assistant over MQTT (libmosquitto), a separate process
    // that talks to the clock through the control socket only (NixieControl, never NixieClock).
    .target(
      name: "NixieMQTT",
      dependencies: [
        "NixieCore", "NixieText", "NixieSystem", "NixieYAMLFiles", "NixieControl", "NixieLogging",
        "NixieAlarms", "NixieTime", "CMosquitto",
      ]
    ),
    // The `nixie` command line, as a library so tests can parse and run commands in-process.
    .target(
      name: "NixieCLI",
      dependencies: [
        "NixieCore", "NixieText", "NixieDisplay", "NixieTransitions", "NixieBoards", "NixieSimulator",
        "NixieSystem", "NixieBackend",
        "NixieRuntime", "NixieInput", "NixieLinux", "NixieControl", "NixieClock", "NixieClockSettings",
        "NixieDoctor", "NixieWeb",
        "NixieMQTT",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        "NixieLogging",
      ]
    ),
    .executableTarget(name: "nixie", dependencies: ["NixieCLI"]),

    // What several test targets share (a seeded random generator for property tests).
    .target(
      name: "NixieTestSupport", dependencies: ["NixieLogging", "NixieSystem"], path: "Tests/NixieTestSupport"),
    // Wire decoders written from the vendors' published firmware (docs/BOARDS.md): they read a
    // VCD trace and say what the tubes show. Independent oracles, so they use nothing of ours.
    .target(name: "NixieWireDecoders", path: "Tests/NixieWireDecoders"),
    .testTarget(name: "NixieLoggingTests", dependencies: ["NixieLogging"]),
    .testTarget(name: "NixieCoreTests", dependencies: ["NixieCore"]),
    // Layouts, boards and transport doubles built in code, for the pipeline's tests.
    .target(
      name: "NixieTestBoards",
      dependencies: ["NixieCore", "NixieText", "NixieDisplay", "NixieBoardModel", "NixieTransports"],
      path: "Tests/NixieTestBoards"),
    .testTarget(name: "NixieTextTests", dependencies: ["NixieText", "NixieTestSupport"]),
    .testTarget(name: "NixieDisplayTests", dependencies: ["NixieDisplay", "NixieText", "NixieTestBoards"]),
    .testTarget(
      name: "NixieBoardModelTests", dependencies: ["NixieBoardModel", "NixieDisplay", "NixieTestBoards"]),
    .testTarget(
      name: "NixieTransitionsTests",
      dependencies: [
        "NixieTransitions", "NixieText", "NixieDisplay", "NixieBoardModel", "NixieTestBoards",
        "NixieTestSupport", "NixieSystem",
      ]),
    .testTarget(
      name: "NixieDriversTests",
      dependencies: ["NixieDrivers", "NixieDisplay", "NixieBoardModel", "NixieTestBoards"]),
    .testTarget(
      name: "NixieInputTests",
      dependencies: ["NixieInput", "NixieTestSupport", "NixieBoardModel", "NixieTransports"]),
    .testTarget(
      name: "NixieBoardsTests",
      dependencies: ["NixieBoards", "NixieCore", "NixieDisplay", "NixieBoardModel", "NixieYAMLFiles"]),
    // Checks NixieYAML against PyYAML (python3-yaml) on the shipped files and Corpus/.
    .testTarget(
      name: "NixieYAMLTests", dependencies: ["NixieYAML", "NixieTestSupport"],
      exclude: ["Corpus", "pyyaml_oracle.py"]),
    .testTarget(
      name: "NixieSystemTests",
      dependencies: ["NixieSystem", "NixieSimulator", "NixieCore", "NixieTestSupport"]),
    .testTarget(
      name: "NixieRuntimeTests",
      dependencies: [
        "NixieRuntime", "NixieSystem", "NixieSimulator", "NixieCore", "NixieDisplay", "NixieTransitions",
        "NixieTransports", "NixieDrivers", "NixieBackend", "NixieBoardModel", "NixieInput", "NixieAlarms",
        "NixieWireDecoders", "NixieBoards", "NixiePictures",
      ]),
    .testTarget(name: "NixieWireDecodersTests", dependencies: ["NixieWireDecoders"]),
    // Every built-in board of issue 16 driven through the program's own path on the simulator,
    // its VCD trace read by the vendors' decoders (NixieWireDecoders) and by sigrok.
    .testTarget(
      name: "NixieBoardWireTests",
      dependencies: [
        "NixieWireDecoders", "NixieSimulator", "NixieBoards", "NixieDisplay", "NixieBoardModel",
        "NixieTransitions", "NixiePictures",
      ]),
    // docs/ARCHITECTURE.md's module table, checked against every import in Sources/.
    .testTarget(name: "NixieArchitectureTests"),
    // Checked against zdump, glibc and Python's zoneinfo on this machine's zone files.
    .testTarget(name: "NixieTimeTests", dependencies: ["NixieTime", "NixieTestSupport", "NixieText"]),
    .testTarget(name: "NixieRoomTests", dependencies: ["NixieRoom"]),
    .testTarget(name: "NixieAlarmsTests", dependencies: ["NixieAlarms", "NixieTime", "NixieTestSupport"]),
    .testTarget(
      name: "NixieSimulatorTests",
      dependencies: [
        "NixieSimulator", "NixieBoards", "NixieRuntime", "NixieTestSupport", "NixieDisplay",
        "NixieBoardModel", "NixieTransitions", "NixieDrivers", "NixiePictures",
      ]
    ),
    // The pictures: the terminal view's colours and brightness, the SVG read back by Python.
    .testTarget(
      name: "NixiePicturesTests",
      dependencies: ["NixiePictures", "NixieBoards", "NixieBoardModel", "NixieDrivers", "NixieTestSupport"]
    ),
    .testTarget(
      name: "NixieLinuxTests",
      dependencies: [
        "NixieLinux", "NixieSystem", "NixieInput", "NixieBoards", "NixieCore", "CSPIDev", "NixieBoardModel",
        "NixieTransports", "NixieDrivers", "NixieBackend", "NixieText",
      ],
      swiftSettings: libgpiodSettings
    ),
    // nixie doctor's checks on a machine made up by each test, and the facts of this one.
    .testTarget(
      name: "NixieDoctorTests",
      dependencies: [
        "NixieDoctor", "NixieLinux", "NixieBoards", "NixieBoardModel", "NixieRoom", "NixieSystem",
        "NixieCore",
        "NixieText", "NixieTransitions",
      ]
    ),
    // Both sides of the control socket's vocabulary: requests, replies, settings, the layout.
    .testTarget(
      name: "NixieControlTests",
      dependencies: [
        "NixieControl", "NixieTime", "NixieBoards", "NixieText", "NixieTransitions", "NixieAlarms",
      ]),
    .testTarget(
      name: "NixieClockTests",
      dependencies: [
        "NixieClock", "NixieControl", "NixieTime", "NixieCore", "NixieBoards", "NixieSimulator",
        "NixieSystem", "NixieRuntime", "NixieInput", "NixieTestSupport", "NixieWireDecoders", "NixieText",
        "NixieDisplay", "NixieBoardModel", "NixieTransitions", "NixieTransports", "NixieDrivers", "NixieRoom",
        "NixiePictures", "NixieYAMLFiles", "NixieClockSettings",
      ]
    ),
    // The web server's parser, crypto and auth against hostile inputs and published vectors.
    .testTarget(
      name: "NixieWebTests",
      dependencies: [
        "NixieWeb", "NixieControl", "NixieClock", "NixieSystem", "NixieBoards", "NixieLogging",
        "NixieTestSupport", "NixieText", "NixieBoardModel", "NixieYAMLFiles", "NixieClockSettings",
      ]
    ),
    // nixie mqtt against Home Assistant's documented discovery schema and a real Mosquitto
    // broker (Debian mosquitto and mosquitto-clients), with a real clock on the simulator.
    .testTarget(
      name: "NixieMQTTTests",
      dependencies: [
        "nixie", "NixieMQTT", "NixieControl", "NixieText", "NixieSystem", "NixieLogging", "NixieTestSupport",
        "NixieAlarms", "NixieTime",
      ]
    ),
    // End-to-end tests run the built `nixie` binary, so they depend on it.
    .testTarget(
      name: "NixieCLITests",
      dependencies: [
        "nixie", "NixieCLI", "NixieBoards", "NixieControl", "NixieClock", "NixieSimulator", "NixieSystem",
        "NixieRuntime", "NixieInput", "NixieLogging", "NixieDrivers", "NixieTestSupport", "NixieLinux",
        "NixieCore", "NixieYAMLFiles", "NixieClockSettings", "NixieWireDecoders",
      ]
    ),
  ]
)
