import ArgumentParser
import NixieTransitions

extension TransitionSpec.Kind: ExpressibleByArgument {}
extension FadeCurve: ExpressibleByArgument {}

/// How a command changes what the tubes show: the transition and brightness options of
/// `nixie show` and `nixie clock`. Each is nil when not given, so the clock's configuration
/// file can fill it in; `spec` and `brightnessPercent` apply the defaults.
struct TransitionOptions: ParsableArguments {

  @Option(help: "How the display changes: none, crossfade, fade or slot (default: crossfade).")
  var transition: TransitionSpec.Kind?

  @Option(
    name: .customLong("fade-ms"),
    help: ArgumentHelp(
      "How long the transition takes (slot: one turn through a tube's cathodes; default: 500).",
      valueName: "ms"))
  var fadeMilliseconds: Int?

  @Option(help: "The fade's curve: perceptual (even to the eye; the default) or linear (even in duty).")
  var curve: FadeCurve?

  @Option(
    help: ArgumentHelp(
      "Scale every duty to this share of each PWM period; the rest is dark (default: 100).",
      valueName: "percent"))
  var brightness: Double?

  func validate() throws {
    if let fadeMilliseconds, !(0...TransitionSpec.longestFadeMilliseconds).contains(fadeMilliseconds) {
      throw ValidationError(
        "--fade-ms must be between 0 and \(TransitionSpec.longestFadeMilliseconds), not \(fadeMilliseconds)")
    }
    if let brightness, !(brightness >= 0 && brightness <= 100) {
      throw ValidationError("--brightness must be a percentage from 0 to 100, not \(brightness)")
    }
  }

  /// The transition the options describe, with the defaults for what was not given.
  var spec: TransitionSpec {
    TransitionSpec(
      transition ?? .crossfade,
      duration: UInt64(fadeMilliseconds ?? TransitionSpec.defaultFadeMilliseconds) * 1_000_000,
      curve: curve ?? .perceptual)
  }

  /// `--brightness`, 100 when not given.
  var brightnessPercent: Double { brightness ?? 100 }
}
