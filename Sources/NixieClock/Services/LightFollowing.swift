/// The light sensor's thread as a service (`brightness: auto`): started, the sampler follows
/// nixie.yaml's light sensor, or nothing until a reload or a change asks; stopped, its thread
/// ends.
struct LightFollowing: ClockService {
  let sampler: LightSampler
  let settings: LightSampler.Settings?

  var name: String { "the light sensor's thread" }

  func start() throws { try sampler.follow(settings) }

  func stop() { sampler.stop() }
}
