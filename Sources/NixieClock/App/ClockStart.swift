import NixieBackend
import NixieBoardModel
import NixieClockSettings
import NixieCore
import NixieRuntime

/// What the clock starts from, read before anything runs: nixie.yaml as written (`base`) and
/// the overrides, composed with the options; the board, with nixie.yaml's presence line; the
/// planner; and the backend the board is brought up on, with its notice. Each mistake is the
/// exit it always was: bad configuration with its place, bad usage.
struct ClockStart {
  let base: ClockConfiguration
  let overrides: ClockOverrides
  let configuration: ClockConfiguration
  let profile: BoardProfile
  let planner: ClockPlanner
  let backend: any BoardBackend
  /// Said before the board comes up (the simulator runs because no board was chosen).
  let notice: String?

  init(settings: ClockSettings, backends: any BackendFactory) throws(NixieError) {
    base = try settings.loadBase()
    overrides = try settings.loadOverrides()
    configuration = settings.compose(base, overrides: overrides)
    let choice = settings.boardChoice(configuration)
    var profile = try choice.loadProfile()
    // nixie.yaml's presence line joins the board, so the backend opens it like the board's own.
    profile.presence = try configuration.presenceWiring(for: profile)
    self.profile = profile
    planner = try configuration.planner(for: profile)
    if settings.options.input != nil && profile.encoder == nil && profile.buttons.isEmpty
      && profile.presence == nil
    {
      throw NixieError(
        .badUsage,
        "--board \(profile.name) has no rotary encoder, buttons or presence line, so --input has nothing to play on"
      )
    }
    (backend, notice) = try backends.backend(for: choice)
  }
}
