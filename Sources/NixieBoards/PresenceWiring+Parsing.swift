import NixieBoardModel
import NixieYAMLFiles

extension PresenceWiring {
  /// A presence line's `active` (`high`, the default, or `low`) and `bias` (`pull-up`, or
  /// `none`, the default) as a board profile and nixie.yaml write them.
  public static func parsed(chip: String, line: UInt32, active: ProfileNode?, bias: ProfileNode?)
    throws(YAMLFileError) -> PresenceWiring
  {
    // Written high or low here, where a board's other lines say low or high.
    let activeHigh: Bool = try active?.either(("high", true), or: ("low", false)) ?? true
    let pullUp = try bias?.isPullUp() ?? false
    return PresenceWiring(chip: chip, line: line, activeHigh: activeHigh, pullUp: pullUp)
  }
}
