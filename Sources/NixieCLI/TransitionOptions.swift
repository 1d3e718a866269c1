import ArgumentParser
import NixieCore

extension TransitionSpec.Kind: ExpressibleByArgument {}
extension FadeCurve: ExpressibleByArgument {}

/// How a command changes what the tubes show: the transition and brightness options.
struct TransitionOptions: ParsableArguments {
  /// The longest `--fade-ms`: a minute.
  static let longestFade = 60_000

  @Option(help: "How the display changes to the value.")
  var transition: TransitionSpec.Kind = .crossfade

  @Option(
    name: .customLong("fade-ms"),
    help: ArgumentHelp(
      "How long the transition takes (slot: one turn through a tube's cathodes).", valueName: "ms"))
  var fadeMilliseconds = 500

  @Option(help: "The fade's curve: perceptual (even to the eye) or linear (even in duty).")
  var curve: FadeCurve = .perceptual

  @Option(
    help: ArgumentHelp(
      "Scale every duty to this share of each PWM period; the rest is dark (needs --hold).",
      valueName: "percent"))
  var brightness: Double = 100

  func validate() throws {
    guard (0...Self.longestFade).contains(fadeMilliseconds) else {
      throw ValidationError("--fade-ms must be between 0 and \(Self.longestFade), not \(fadeMilliseconds)")
    }
    guard brightness >= 0 && brightness <= 100 else {
      throw ValidationError("--brightness must be a percentage from 0 to 100, not \(brightness)")
    }
  }

  /// The transition the options describe.
  var spec: TransitionSpec {
    TransitionSpec(transition, duration: UInt64(fadeMilliseconds) * 1_000_000, curve: curve)
  }
}
