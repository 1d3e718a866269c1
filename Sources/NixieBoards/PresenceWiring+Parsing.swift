import NixieBoardModel

extension PresenceWiring {
  /// A presence line's `active` (`high`, the default, or `low`) and `bias` (`pull-up`, or
  /// `none`, the default) as a board profile and nixie.yaml write them.
  public static func parsed(chip: String, line: UInt32, active: ProfileNode?, bias: ProfileNode?)
    throws(BoardFileError) -> PresenceWiring
  {
    var activeHigh = true
    if let active {
      switch try active.string() {
      case "high": activeHigh = true
      case "low": activeHigh = false
      default: throw active.error("\(active.path) must be high or low")
      }
    }
    var pullUp = false
    if let bias {
      switch try bias.string() {
      case "pull-up": pullUp = true
      case "none": pullUp = false
      default: throw bias.error("\(bias.path) must be pull-up or none")
      }
    }
    return PresenceWiring(chip: chip, line: line, activeHigh: activeHigh, pullUp: pullUp)
  }
}
