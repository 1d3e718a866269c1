import ArgumentParser
import NixieRuntime
import NixieSystem

/// `nixie bench`: measures the transition engine and the frame scheduler on this machine.
struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Measure frame rendering, allocations and frame timing on this machine.",
    discussion: """
      Build with -c release for figures worth quoting. Allocation counts need glibc's malloc \
      tracer: LD_PRELOAD=libc_malloc_debug.so.0 MALLOC_TRACE=/tmp/nixie.mtrace nixie bench
      --bitbang N measures something else: N frames bit-banged on the --board's real GPIO \
      lines (libgpiod), as `nixie show --backend hardware` writes them, in frames per second.

      EXAMPLES:
        swift build -c release && .build/release/nixie bench
        # on the Pi's GPIO lines
        nixie bench --board hv5622-6xin14 --bitbang 3000
      """)

  @Option(
    help: ArgumentHelp(
      "How long the real-clock timing run lasts (allocation fades: up to 1 s).", valueName: "seconds"))
  var seconds: Double = 5

  @Option(
    help: ArgumentHelp("Periods rendered per throughput run (allocation runs: up to 10000).", valueName: "n"))
  var periods = 200_000

  @Option(
    name: .customLong("bitbang"),
    help: ArgumentHelp(
      "Instead: bit-bang N frames on the board's GPIO lines (hardware) and report frames/s.",
      valueName: "n"))
  var bitbangFrames: Int?

  @Option(
    help: ArgumentHelp(
      "The board for --bitbang (required with it): a built-in profile or a profile file.",
      valueName: "name|path"))
  var board: String?

  @Flag(help: "Run the timing run's frame thread at real-time priority with memory locked (needs root).")
  var realtime = false

  func validate() throws {
    if let bitbangFrames, !(1...10_000_000).contains(bitbangFrames) {
      throw ValidationError("--bitbang must be from 1 to 10000000 frames")
    }
    guard seconds > 0 && seconds <= 600 else { throw ValidationError("--seconds must be from 0 to 600") }
    guard periods > 0 && periods <= 100_000_000 else { throw ValidationError("--periods must be positive") }
  }

  func run() throws {
    if let bitbangFrames {
      return try BitBangBenchmark(
        choice: BoardChoice(board: board, backend: .hardware),
        backends: HostBackends(consumer: "nixie-bench", missingDeviceHint: nil), frames: bitbangFrames
      ).run()
    }
    try Benchmark(seconds: seconds, periods: periods, realtime: realtime, backends: HostBackends()).run()
  }
}
