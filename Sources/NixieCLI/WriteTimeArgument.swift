import ArgumentParser

/// `--sim-write-time`'s value: how long the simulator takes to write a frame, a number with
/// its unit (`400us`, `400µs`, `0.5ms`, `2000ns`), from 0 to 100 ms.
enum WriteTimeArgument {
  /// The longest write the simulator takes: ten periods of the slowest PWM.
  static let maximum: UInt64 = 100_000_000

  /// Nanoseconds per unit; `s` last, as `ns`, `us` and `ms` end in it too.
  private static let units: [(suffix: String, nanoseconds: Double)] = [
    ("ns", 1), ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
  ]

  /// `argument` in nanoseconds, or a usage error that says what is wanted.
  static func nanoseconds(_ argument: String) throws -> UInt64 {
    guard let unit = units.first(where: { argument.hasSuffix($0.suffix) }),
      let number = Double(argument.dropLast(unit.suffix.count)), number.isFinite, number >= 0,
      case let nanoseconds = (number * unit.nanoseconds).rounded(), nanoseconds <= Double(maximum)
    else {
      // ArgumentParser names the option and the value before it.
      throw ValidationError("give a time from 0 to 100ms with its unit (ns, us, ms or s: 400us, 1.5ms)")
    }
    return UInt64(nanoseconds)
  }
}
