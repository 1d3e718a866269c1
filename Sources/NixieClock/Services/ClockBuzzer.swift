import NixieRuntime

/// The board's buzzer as a service: the alarms' and the chime's `BuzzerPlayer`, its thread
/// started at the first tune; stopped, the buzzer falls silent and its thread ends, before the
/// board is given back.
struct ClockBuzzer: ClockService {
  let player: BuzzerPlayer

  var name: String { "the buzzer's thread" }

  func start() {}

  func stop() { player.shutDown() }
}
