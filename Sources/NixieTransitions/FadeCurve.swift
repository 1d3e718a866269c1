/// The shape of a fade: how a cathode's duty moves between two values as time goes by.
///
/// The light of a neon glow is close to linear in duty: a cathode lit for a fifth of every
/// PWM period gives about a fifth of the light. The eye is not linear: perceived brightness
/// (CIE 1976 lightness L*) goes roughly as the cube root of light, so a fifth of the light
/// already looks half as bright. A linear duty ramp therefore looks uneven: the incoming digit
/// seems to jump in early and the outgoing one to linger, then vanish at the very end.
///
/// `perceptual` (the default) moves each cathode in equal steps of L* instead, so its
/// brightness changes evenly to the eye: the outgoing digit is lit L*⁻¹(1 − p) of each period
/// and the incoming one L*⁻¹(p) at progress p, and the rest of the period is dark. That is the
/// dissolve a screen shows, which mixes gamma-encoded values. `linear` is the plain ramp of
/// the issue: the old cathode lit (1 − d) and the new one d of each period, d = p.
public enum FadeCurve: String, Hashable, Sendable, CaseIterable {
  case linear
  case perceptual

  /// The duty (share of each period lit) at which a cathode looks `brightness` bright (0…1).
  public func duty(forBrightness brightness: Double) -> Double {
    let level = min(max(brightness, 0), 1)
    switch self {
    case .linear:
      return level
    case .perceptual:
      // CIE L* inverted, with L* scaled to 0…1: a cube above the linear toe.
      if level > Self.kappa * Self.epsilon {
        let root = (level + 0.16) / 1.16
        return root * root * root
      }
      return level / Self.kappa
    }
  }

  /// The brightness a cathode lit for `duty` of each period looks to have: the inverse.
  public func brightness(forDuty duty: Double) -> Double {
    let share = min(max(duty, 0), 1)
    switch self {
    case .linear:
      return share
    case .perceptual:
      return share > Self.epsilon ? 1.16 * Self.cubeRoot(share) - 0.16 : share * Self.kappa
    }
  }

  /// CIE's constants: below ε = (6/29)³ of the light, L* is linear with slope κ = (29/3)³ / 100.
  private static let epsilon = 216.0 / 24389
  private static let kappa = 24389.0 / 2700

  /// The cube root of `value` in 0.008…1 by Newton's method (the standard library has no
  /// `cbrt`); from 1 it converges from above, to full precision in well under 12 steps.
  private static func cubeRoot(_ value: Double) -> Double {
    var root = 1.0
    for _ in 0..<12 { root -= (root * root * root - value) / (3 * root * root) }
    return root
  }
}
