import Glibc
import NixieBoardModel
import NixieSystem
import NixieTransports

/// A buzzer's square wave made by a kernel PWM channel through sysfs
/// (`/sys/class/pwm/pwmchipN/pwmM`): `sound(hertz:)` writes the period and half of it as the
/// duty cycle and enables the channel; silence disables it (the line at its inactive level).
/// The channel is exported when it is not yet. `root` is `/sys/class/pwm` but in tests.
public final class SysfsPWMTone: ToneOutput {
  /// The channel's folder.
  public let folder: String
  /// The lowest and highest pitches written: what a buzzer can sound, and periods the
  /// controllers take (nanoseconds as integers).
  static let pitches: ClosedRange<Double> = 20...20_000

  /// Opens `pwm`'s channel under `root`, exporting it first if needed, silent.
  public init(_ pwm: BuzzerPWM, root: String = "/sys/class/pwm") throws(SystemCallError) {
    let chip = "\(root)/pwmchip\(pwm.chip)"
    folder = "\(chip)/pwm\(pwm.channel)"
    if !FileSystem.exists(folder) { try Self.write("\(pwm.channel)", to: "\(chip)/export") }
    try play(nil)
  }

  public func sound(hertz: Double?) throws { try play(hertz) }

  /// `sound(hertz:)` with its error typed. The duty cycle goes to 0 before the period changes,
  /// as the kernel refuses a duty cycle longer than the period.
  private func play(_ hertz: Double?) throws(SystemCallError) {
    guard let hertz, hertz.isFinite, Self.pitches.contains(hertz) else {
      try Self.write("0", to: "\(folder)/enable")
      return
    }
    let period = Int((1e9 / hertz).rounded())
    try Self.write("0", to: "\(folder)/duty_cycle")
    try Self.write("\(period)", to: "\(folder)/period")
    try Self.write("\(period / 2)", to: "\(folder)/duty_cycle")
    try Self.write("1", to: "\(folder)/enable")
  }

  /// Writes `text` to the sysfs attribute at `path` in one write.
  static func write(_ text: String, to path: String) throws(SystemCallError) {
    let descriptor = Glibc.open(path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemCallError("open", subject: path, errno: errno) }
    try FileDescriptor(descriptor).write(Array(text.utf8))
  }
}
