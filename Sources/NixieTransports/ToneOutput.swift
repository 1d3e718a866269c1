/// Something that makes a square wave by itself once told its pitch: a kernel PWM channel
/// driving a passive buzzer (`BuzzerPlayer` then writes once a note, not once an edge).
public protocol ToneOutput: AnyObject {
  /// A 50 % square wave at `hertz` from now on, or silence (the line inactive) for nil.
  func sound(hertz: Double?) throws
}
