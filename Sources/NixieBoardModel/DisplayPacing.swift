/// How a board's frames are paced, chosen by the board (`BoardProfile.pacing`).
public enum DisplayPacing: Hashable, Sendable {
  /// PWM slices of each period, on/off per cathode (`FramePacer`).
  case pwm
  /// A scan of anode groups, each with PWM slices inside its visit (`MultiplexPacer`).
  case multiplex(MultiplexWiring)
  /// Brightness levels sent to modules that do their own PWM (`LevelPacer`): `count` steps.
  case levels(count: Int)
}
